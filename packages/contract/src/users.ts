import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.js';
import { MESSAGES } from './messages.js';

export const badge = z.object({ name: z.string(), awarded: z.string() }).meta({ id: 'Badge' });
export type Badge = z.infer<typeof badge>;

/** What anyone logged in may see of another user. */
export const userPublic = z
  .object({
    id: z.number().int(),
    username: z.string(),
    affiliation: z.string().nullable(),
    avatar_url: z.string().nullable(),
    examples_submitted: z.number().int(),
    examples_verified: z.number().int(),
    total_fooled: z.number().int(),
    total_verified_fooled: z.number().int(),
    total_verified_not_correct_fooled: z.number().int(),
    total_retracted: z.number().int(),
    models_submitted: z.number().int(),
  })
  .meta({ id: 'UserPublic' });
export type UserPublic = z.infer<typeof userPublic>;

/** What a user sees of themself. */
export const userPrivate = userPublic
  .extend({
    email: z.string(),
    realname: z.string().nullable(),
    admin: z.boolean(),
    unseen_notifications: z.number().int(),
    created_at: z.string(),
    /** One's web-app settings (e.g. retain_input), a JSON object as a string. */
    settings_json: z.string(),
  })
  .meta({ id: 'UserPrivate' });
export type UserPrivate = z.infer<typeof userPrivate>;

/** GET /users/{id}: the full record for oneself, the public subset for others. */
export const userProfile = z.union([userPrivate, userPublic]);
export type UserProfile = z.infer<typeof userProfile>;

export const userWithBadges = z.union([
  userPrivate.extend({ badges: z.array(badge) }),
  userPublic.extend({ badges: z.array(badge) }),
]);
export type UserWithBadges = z.infer<typeof userWithBadges>;

const trimmed = (max: number) => z.string().trim().max(max);

export const usernameSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(40, 'Usernames are at most 40 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Use letters, digits, dots, dashes and underscores only');

/** A JSON object written as a string (the original API's `*_json` fields). */
export const jsonObjectString = z
  .string()
  .max(100_000)
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
    return z.NEVER;
  });

/**
 * Fields of the user object that clients of the original API write back with it. `id`, `email`
 * and `admin` must be unchanged; the others are ignored.
 */
export const USER_READ_ONLY_FIELDS = [
  'id',
  'email',
  'admin',
  'avatar_url',
  'examples_submitted',
  'examples_verified',
  'total_fooled',
  'total_verified_fooled',
  'total_verified_not_correct_fooled',
  'total_retracted',
  'models_submitted',
  'unseen_notifications',
  'created_at',
  'badges',
  'exp',
  'iat',
  'sub',
  'scope',
] as const;

export const userUpdateBody = z
  .strictObject({
    username: usernameSchema.optional(),
    realname: trimmed(255).nullable().optional(),
    affiliation: trimmed(255).nullable().optional(),
    settings_json: jsonObjectString.nullable().optional(),
    ...(Object.fromEntries(USER_READ_ONLY_FIELDS.map((f) => [f, z.unknown().optional()])) as {
      [K in (typeof USER_READ_ONLY_FIELDS)[number]]: z.ZodOptional<z.ZodUnknown>;
    }),
  })
  .meta({ id: 'UserUpdate' });
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

/** The new avatar's URL, with the rest of one's user record (the original API answered it). */
export const avatarUploaded = userPrivate.extend({ avatar_url: z.string() });

export const deleteAccountBody = z.object({ password: z.string().min(1, MESSAGES.required) });

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, MESSAGES.minPasswordLength)
  .max(1024, 'Passwords are at most 1024 characters');

export const userModelItem = z.object({
  id: z.number().int(),
  name: z.string(),
  is_published: z.boolean(),
  task: z.object({ id: z.number().int(), task_code: z.string(), name: z.string() }),
});
export type UserModelItem = z.infer<typeof userModelItem>;
export const userTaskItem = z.object({
  id: z.number().int(),
  task_code: z.string(),
  name: z.string(),
  desc: z.string().nullable(),
  active: z.boolean(),
});
export type UserTaskItem = z.infer<typeof userTaskItem>;
export const userForkItem = z.object({
  name: z.string(),
  desc: z.string().nullable(),
  create_datetime: z.string(),
  tid: z.number().int(),
  task: z.object({ task_code: z.string() }),
});
export type UserForkItem = z.infer<typeof userForkItem>;
