import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from '../../../../src/domain/formats/time-ago.format.ts';

const now = new Date(2024, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => new Date(now - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatTimeAgo', () => {
  it('counts minutes under one hour', () => {
    expect(formatTimeAgo(ago(0), now)).toBe('0 minutes ago');
    expect(formatTimeAgo(ago(59_999), now)).toBe('0 minutes ago');
    expect(formatTimeAgo(ago(MIN), now)).toBe('1 minute ago');
    expect(formatTimeAgo(ago(HOUR - 1), now)).toBe('59 minutes ago');
  });

  it('counts hours from one hour to under one day', () => {
    expect(formatTimeAgo(ago(HOUR), now)).toBe('1 hour ago');
    expect(formatTimeAgo(ago(2 * HOUR + 59 * MIN), now)).toBe('2 hours ago');
    expect(formatTimeAgo(ago(DAY - 1), now)).toBe('23 hours ago');
  });

  it('counts days from one day on', () => {
    expect(formatTimeAgo(ago(DAY), now)).toBe('1 day ago');
    expect(formatTimeAgo(ago(45 * DAY), now)).toBe('45 days ago');
  });

  it("reads the API's datetime strings", () => {
    expect(formatTimeAgo('2024-06-15 11:30:00', now)).toBe('30 minutes ago');
  });

  it('treats a time in the future as now', () => {
    expect(formatTimeAgo(new Date(now + HOUR), now)).toBe('0 minutes ago');
  });

  it('is empty for empty or invalid input', () => {
    expect(formatTimeAgo(null, now)).toBe('');
    expect(formatTimeAgo('', now)).toBe('');
    expect(formatTimeAgo('yesterday', now)).toBe('');
  });
});
