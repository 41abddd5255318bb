/**
 * The shop's calendar: Turkey keeps UTC+3 all year (no summer time since 2016), so a shop day is a fixed
 * 24-hour window and SQL can group by it with a plain offset, on PGlite too (no time-zone database needed).
 */
const OFFSET_MS = 3 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** `2026-11-26` of the moment, in Turkey. */
export const shopDayOf = (at: Date) => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The moment a shop day starts (00:00 in Turkey). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);

/** The moment after a shop day (the next day's 00:00 in Turkey). */
export const dayEnd = (day: string) => new Date(dayStart(day).getTime() + DAY_MS);

/** `2026-11-01` for a day of November 2026. */
export const monthStartOf = (day: string) => `${day.slice(0, 8)}01`;

/** The `count` shop days ending with `last`, oldest first. */
export function daysEndingWith(last: string, count: number): string[] {
  const end = dayStart(last).getTime();
  return Array.from({ length: count }, (_, i) => shopDayOf(new Date(end - (count - 1 - i) * DAY_MS)));
}
