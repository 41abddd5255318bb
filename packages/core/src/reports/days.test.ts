import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, daysEndingWith, monthStartOf, shopDayOf } from './days.ts';

describe('the shop day: Turkey time, UTC+3 all year', () => {
  it('turns over at 21:00 UTC, in winter and in summer alike', () => {
    expect(shopDayOf(new Date('2026-03-14T20:59:59Z'))).toBe('2026-03-14');
    expect(shopDayOf(new Date('2026-03-14T21:00:00Z'))).toBe('2026-03-15');
    expect(shopDayOf(new Date('2026-07-14T21:30:00Z'))).toBe('2026-07-15');
  });

  it('starts at 00:00 in Turkey and ends at the next day’s 00:00', () => {
    expect(dayStart('2026-03-15').toISOString()).toBe('2026-03-14T21:00:00.000Z');
    expect(dayEnd('2026-03-15').toISOString()).toBe('2026-03-15T21:00:00.000Z');
    expect(dayEnd('2026-12-31').toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });

  it('finds the first day of the month', () => {
    expect(monthStartOf('2026-02-28')).toBe('2026-02-01');
  });

  it('lists the days of a window oldest first, across a month and a leap day', () => {
    expect(daysEndingWith('2024-03-02', 4)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect(daysEndingWith('2026-01-01', 2)).toEqual(['2025-12-31', '2026-01-01']);
    expect(daysEndingWith('2026-03-15', 30)).toHaveLength(30);
    expect(daysEndingWith('2026-03-15', 30)[0]).toBe('2026-02-14');
  });
});
