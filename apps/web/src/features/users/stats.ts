import { type UserPublic } from '@dynaloop/contract';

type Counters = Pick<
  UserPublic,
  'examples_submitted' | 'total_fooled' | 'total_verified_not_correct_fooled'
>;

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(2)}%`;
}

/** Model error rate of a user's examples, verified or not: "0.00%" when none were submitted. */
export function unverifiedErrorRate(user: Counters): string {
  if (user.examples_submitted <= 0) return '0.00%';
  return percent(user.total_fooled, user.examples_submitted);
}

/** Model error rate without the fooling examples validators found not correct: "N/A" when none. */
export function verifiedErrorRate(user: Counters): string {
  if (user.examples_submitted <= 0) return 'N/A';
  return percent(
    user.total_fooled - user.total_verified_not_correct_fooled,
    user.examples_submitted,
  );
}
