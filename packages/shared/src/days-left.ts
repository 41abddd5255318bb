/**
 * Remaining days of a campaign / offer (specification §9).
 *
 * Days are counted as 24-hour periods of elapsed time (86 400 000 ms; calendar days and DST
 * are ignored) and **rounded up**: 1 ms left is 1 day, exactly 48 h left is 2 days.
 * An end in the past, exactly now, or an invalid date gives 0.
 *
 * Strings are parsed by `Date`: date-only ISO strings (`'2025-01-31'`) mean UTC midnight,
 * date-time strings without an offset (`'2025-01-31T12:00'`) mean local time.
 */

const MS_PER_DAY = 86_400_000;

/** Text shown when no day remains. */
export const EXPIRED_TEXT = 'Süre Doldu';

function toTime(value: Date | string | number | null | undefined): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Date.parse(value.trim());
  return Number.NaN;
}

/**
 * Whole days left until `end`, rounded up; never negative (0 when expired or invalid).
 *
 * @param end the end date (a Date, a date string or a millisecond timestamp)
 * @param now the current time; defaults to `new Date()`
 */
export function daysLeft(
  end: Date | string | number | null | undefined,
  now: Date | string | number = new Date(),
): number {
  const diff = toTime(end) - toTime(now);
  // NaN (invalid dates) fails this test as well.
  if (!(diff > 0)) return 0;
  return Math.ceil(diff / MS_PER_DAY);
}

/**
 * `'N gün'` for the days left (see {@link daysLeft}), `'Süre Doldu'` when none remains
 * (expired, exactly now, or an invalid date).
 *
 * @example formatDaysLeft('2025-01-03T00:00:00Z', new Date('2025-01-01T00:00:00Z')) // '2 gün'
 */
export function formatDaysLeft(
  end: Date | string | number | null | undefined,
  now: Date | string | number = new Date(),
): string {
  const days = daysLeft(end, now);
  return days === 0 ? EXPIRED_TEXT : `${days} gün`;
}
