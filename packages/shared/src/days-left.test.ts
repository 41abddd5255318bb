import { describe, expect, it } from 'vitest';
import { daysLeft, EXPIRED_TEXT, formatDaysLeft } from './days-left.ts';

const now = new Date('2025-01-01T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const after = (ms: number) => new Date(now.getTime() + ms);

describe('daysLeft', () => {
  it('counts whole days', () => {
    expect(daysLeft(after(DAY), now)).toBe(1);
    expect(daysLeft(after(2 * DAY), now)).toBe(2);
    expect(daysLeft(after(30 * DAY), now)).toBe(30);
  });

  it('rounds partial days up', () => {
    expect(daysLeft(after(1), now)).toBe(1);
    expect(daysLeft(after(HOUR), now)).toBe(1);
    expect(daysLeft(after(DAY + 1), now)).toBe(2);
    expect(daysLeft(after(2 * DAY + 23 * HOUR), now)).toBe(3);
  });

  it('is 0 when the end is now or in the past, never negative', () => {
    expect(daysLeft(now, now)).toBe(0);
    expect(daysLeft(after(-1), now)).toBe(0);
    expect(daysLeft(after(-10 * DAY), now)).toBe(0);
  });

  it('accepts ISO strings and timestamps', () => {
    expect(daysLeft('2025-01-03T12:00:00Z', now)).toBe(2);
    expect(daysLeft('2025-01-03', now)).toBe(2); // UTC midnight, 1.5 days away
    expect(daysLeft(now.getTime() + 5 * DAY, now)).toBe(5);
    expect(daysLeft('2025-01-03T12:00:00Z', '2025-01-01T12:00:00Z')).toBe(2);
  });

  it('is 0 for invalid dates', () => {
    expect(daysLeft('not a date', now)).toBe(0);
    expect(daysLeft('', now)).toBe(0);
    expect(daysLeft(new Date(Number.NaN), now)).toBe(0);
    expect(daysLeft(null, now)).toBe(0);
    expect(daysLeft(undefined, now)).toBe(0);
    expect(daysLeft(after(DAY), 'garbage')).toBe(0);
  });

  it('defaults now to the current time', () => {
    expect(daysLeft(new Date(Date.now() + 3 * DAY - HOUR))).toBe(3);
    expect(daysLeft(new Date(Date.now() - HOUR))).toBe(0);
  });

  it('handles far-away dates', () => {
    // 100 years with 24 leap days (2100 is not a leap year)
    expect(daysLeft('2125-01-01T12:00:00Z', now)).toBe(36_524);
  });
});

describe('formatDaysLeft', () => {
  it("shows 'N gün' while days remain", () => {
    expect(formatDaysLeft(after(DAY), now)).toBe('1 gün');
    expect(formatDaysLeft(after(2 * DAY + 1), now)).toBe('3 gün');
    expect(formatDaysLeft('2025-01-11T12:00:00Z', now)).toBe('10 gün');
  });

  it("shows 'Süre Doldu' when no day remains", () => {
    expect(formatDaysLeft(now, now)).toBe('Süre Doldu');
    expect(formatDaysLeft(after(-DAY), now)).toBe('Süre Doldu');
    expect(EXPIRED_TEXT).toBe('Süre Doldu');
  });

  it("shows 'Süre Doldu' for an invalid date", () => {
    expect(formatDaysLeft('31/12/2025', now)).toBe('Süre Doldu');
    expect(formatDaysLeft(null, now)).toBe('Süre Doldu');
  });
});
