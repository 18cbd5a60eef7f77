/** User-facing texts fixed by the spec (§5, §8). Use these, never retype them. */
export const MESSAGES = {
  required: 'Required',
  invalidEmail: 'Invalid email address',
  minPasswordLength: 'Minimum password length is 8 characters',
  unknownInviteCode: 'Unknown invite code',
  authenticationFailed: 'Authentication failed',
  registrationFailed: (error: string) => `Registration failed (${error})`,
  forgotPasswordSent: 'If you have an account, we will have sent you an email!',
  passwordsDiffer: 'Make sure both passwords entered are same',
  resetFailed: 'Reset failed (token invalid?)',
  profileUpdateFailed: (error: string) => `Profile could not be updated (${error})`,
  pleaseLoginFirst: 'Please login first.',
  notTaskOwner:
    'You are not an admin or owner of this task. Please login with an admin or owner account.',
  activateTaskFirst: 'Activate this task first.',
  taskNotActive: 'The task owner still needs to activate this task',
  loginToUploadModel: 'Please sign up or log in so that you can upload a model',
  couldNotRefreshToken: 'Could not refresh token',
  noDataFound: 'No data found',
  noNotificationsFound: 'No notifications found',
  invalidAvatar: '*Upload a valid file',
  forkNameEmpty: 'Fork name cannot be empty.',
  reservedForkName: 'You cannot use this name. Please try a different one.',
  forkOrSnapshotExists: 'A fork or snapshot with the same name already exists.',
  heatmapNoData: 'No data available, the model is still evaluating.',
  uploadZipOnly: 'Please upload a zip file',
  uploadModelRequired: 'Please upload a model',
  platformProblem: 'There is a problem with the platform. Please contact support if it persists.',
} as const;

/** Friendly texts of badges (account #stats); unknown names show "Unknown badge". */
export const BADGE_TEXTS: Record<string, string> = {
  ALL_TASKS_COVERED: 'Contributed to every task',
  TESTING_BADGES: 'Tester of badges',
  WELCOME_NOOB: 'Welcome aboard!',
  FIRST_CREATED: 'Created a first example',
  FIRST_STEPS: 'Came back after a day',
  FIRST_VALIDATED_FOOLING: 'First example verified as fooling the model',
  FIRST_VERIFIED: 'Validated a first example',
  FIRST_TEN_CREATED: 'Created ten examples',
  MODEL_BUILDER: 'Published a model',
  SOTA: 'Published a state-of-the-art model',
  SERIAL_PREDICTOR: 'Published models on several tasks',
  MULTITASKER: 'Contributed to several tasks',
  EXAMPLE_STREAK_5: 'Fooled the model 5 times in a row',
  EXAMPLE_STREAK_10: 'Fooled the model 10 times in a row',
  EXAMPLE_STREAK_20: 'Fooled the model 20 times in a row',
  EXAMPLE_STREAK_50: 'Fooled the model 50 times in a row',
  EXAMPLE_STREAK_100: 'Fooled the model 100 times in a row',
  DAY_STREAK_2: 'Fooled a model 2 days in a row',
  DAY_STREAK_3: 'Fooled a model 3 days in a row',
  DAY_STREAK_5: 'Fooled a model 5 days in a row',
  DAY_STREAK_1_WEEK: 'Fooled a model every day for a week',
  DAY_STREAK_2_WEEK: 'Fooled a model every day for two weeks',
  DAY_STREAK_1_MONTH: 'Fooled a model every day for a month',
  DAY_STREAK_3_MONTH: 'Fooled a model every day for three months',
  DAY_STREAK_1_YEAR: 'Fooled a model every day for a year',
  WEEKLY_WINNER: 'Top contributor of the week',
  ...Object.fromEntries(
    (['HS', 'NLI', 'QA', 'SENT'] as const).flatMap((product) =>
      (['BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'DIAMOND'] as const).map((level) => [
        `${product}_${level}`,
        `${level.charAt(0)}${level.slice(1).toLowerCase()} contributor to ${{ HS: 'Hate Speech', NLI: 'Natural Language Inference', QA: 'Question Answering', SENT: 'Sentiment Analysis' }[product]}`,
      ]),
    ),
  ),
};

export function badgeText(name: string): string {
  return BADGE_TEXTS[name] ?? 'Unknown badge';
}

export const NOTIFICATION_TEXTS: Record<string, (message: string) => string> = {
  NEW_BADGE_EARNED: (m) => `You earned a new badge: ${badgeText(m)}`,
  BADGE_REMOVED_STREAK: (m) => `A streak badge was removed: ${badgeText(m)}`,
  BADGE_REMOVED_MODEL: (m) => `A model badge was removed: ${badgeText(m)}`,
  MODEL_EVALUATION_STATUS: (m) => `Model evaluation: ${m}`,
};
