const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const UNITS: ReadonlyArray<readonly [name: string, ms: number]> = [
  ['year', YEAR],
  ['month', MONTH],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * How long ago `value` (an ISO date string) was, relative to `now`: "just now", "1 minute ago",
 * "3 days ago", "2 years ago". `null` means it never happened: "never". Times a little in the
 * future (clock skew) count as "just now".
 */
export function formatRelativeTime(value: string | null, now: number = Date.now()): string {
  if (value === null) return 'never';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return 'unknown';
  const elapsed = now - time;
  for (const [name, ms] of UNITS) {
    if (elapsed >= ms) {
      const count = Math.floor(elapsed / ms);
      return `${String(count)} ${name}${count === 1 ? '' : 's'} ago`;
    }
  }
  return 'just now';
}
