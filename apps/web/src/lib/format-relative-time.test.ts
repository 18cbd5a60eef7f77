import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time';

const NOW = Date.parse('2024-06-15T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(ms: number): string {
  return new Date(NOW - ms).toISOString();
}

describe('formatRelativeTime', () => {
  it('says "never" for null', () => {
    expect(formatRelativeTime(null, NOW)).toBe('never');
  });

  it('says "just now" under a minute, and for times slightly in the future', () => {
    expect(formatRelativeTime(ago(0), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(59 * SECOND), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(-30 * SECOND), NOW)).toBe('just now');
  });

  it('uses the singular for one unit', () => {
    expect(formatRelativeTime(ago(MINUTE), NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(HOUR), NOW)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(DAY), NOW)).toBe('1 day ago');
    expect(formatRelativeTime(ago(30 * DAY), NOW)).toBe('1 month ago');
    expect(formatRelativeTime(ago(365 * DAY), NOW)).toBe('1 year ago');
  });

  it('uses the largest whole unit, rounding down', () => {
    expect(formatRelativeTime(ago(5 * MINUTE + 59 * SECOND), NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), NOW)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(3 * DAY), NOW)).toBe('3 days ago');
    expect(formatRelativeTime(ago(3 * DAY + 20 * HOUR), NOW)).toBe('3 days ago');
    expect(formatRelativeTime(ago(29 * DAY), NOW)).toBe('29 days ago');
    expect(formatRelativeTime(ago(90 * DAY), NOW)).toBe('3 months ago');
    expect(formatRelativeTime(ago(3 * 365 * DAY), NOW)).toBe('3 years ago');
  });

  it('says "unknown" for a string that is not a date', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('unknown');
  });

  it('defaults to the current time', () => {
    expect(formatRelativeTime(new Date(Date.now() - 2 * HOUR).toISOString())).toBe('2 hours ago');
  });
});
