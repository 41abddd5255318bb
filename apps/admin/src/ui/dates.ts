import { format, isValid, parse } from 'date-fns';

/**
 * Days as a Turkish shop owner writes them, gg.aa.yyyy ("05.03.2026", "5.3.2026"), while the API keeps ISO
 * days (yyyy-mm-dd). A pasted ISO day is taken as it is.
 */
const TURKISH = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

export const DAY_FORMAT_MESSAGE = 'Tarihi gg.aa.yyyy biçiminde yazın (ör. 05.03.2026)';
export const NO_SUCH_DAY_MESSAGE = 'Bu tarih takvimde yok';

export type ParsedDay = { ok: true; iso: string } | { ok: false; message: string };

/** A typed day as the API's ISO day ('' for a blank field), or the Turkish reason it is not a day. */
export function parseTurkishDay(text: string): ParsedDay {
  const value = text.trim();
  if (value === '') return { ok: true, iso: '' };
  const pattern = TURKISH.test(value) ? 'd.M.yyyy' : ISO.test(value) ? 'yyyy-MM-dd' : undefined;
  if (!pattern) return { ok: false, message: DAY_FORMAT_MESSAGE };
  // date-fns refuses a day its month has not (31.02), where Date would roll it over into March.
  const day = parse(value, pattern, new Date(2000, 0, 1));
  return isValid(day)
    ? { ok: true, iso: format(day, 'yyyy-MM-dd') }
    : { ok: false, message: NO_SUCH_DAY_MESSAGE };
}

/** An ISO day as the field shows it: "2026-03-05" → "05.03.2026"; anything else is shown as it is. */
export function turkishDay(iso: string): string {
  if (!ISO.test(iso)) return iso;
  const day = parse(iso, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(day) ? format(day, 'dd.MM.yyyy') : iso;
}

/** The day a calendar picked, as the field shows it. */
export const dayText = (day: Date) => format(day, 'dd.MM.yyyy');

/** The day in a field as a date for the calendar, when it is one. */
export function dayOf(text: string): Date | undefined {
  const parsed = parseTurkishDay(text);
  return parsed.ok && parsed.iso ? parse(parsed.iso, 'yyyy-MM-dd', new Date(2000, 0, 1)) : undefined;
}

/**
 * Typing help for a day field: digits get their dots as they come ("0503" → "05.03", "05032026" →
 * "05.03.2026", also when typed on after the dots put in); a day written with its own dots ("5.3.2026") and
 * anything else is left as typed, so a wrong day is told why, not hidden.
 */
export function maskDay(text: string): string {
  if (!/^[\d.]+$/.test(text)) return text;
  const parts = text.split('.');
  if (parts.slice(0, -1).some((part) => part.length !== 2)) return text;
  const digits = parts.join('').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('.');
}

/** A time of day as a Turkish shop owner writes it, 24-hour ss:dd ("09:30", "9:30", "21:05"). */
const CLOCK = /^(\d{1,2}):(\d{2})$/;

export const TIME_FORMAT_MESSAGE = 'Saati ss:dd biçiminde, 24 saatlik yazın (ör. 09:30, 21:15)';
export const NO_SUCH_TIME_MESSAGE = 'Saat 00:00 ile 23:59 arasında olmalı';

export type ParsedClock = { ok: true; clock: string } | { ok: false; message: string };

/** A typed time as hh:mm ('' for a blank field), or the Turkish reason it is not one. */
export function parseClock(text: string): ParsedClock {
  const value = text.trim();
  if (value === '') return { ok: true, clock: '' };
  const match = CLOCK.exec(value);
  if (!match) return { ok: false, message: TIME_FORMAT_MESSAGE };
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return { ok: false, message: NO_SUCH_TIME_MESSAGE };
  return { ok: true, clock: `${String(hours).padStart(2, '0')}:${match[2]}` };
}

/** Typing help for a time field: "0930" → "09:30"; anything else is left as typed. */
export function maskClock(text: string): string {
  return /^\d{3,4}$/.test(text) ? `${text.slice(0, -2)}:${text.slice(-2)}` : text;
}

/** Turkey's time, the shop's: UTC+3 all year since 2016. */
const TURKEY_OFFSET_MS = 3 * 60 * 60 * 1000;

/** An ISO day and hh:mm in Turkey's time as the instant the API takes (ISO, UTC): 09:30 → 06:30Z. */
export function turkeyInstant(isoDay: string, clock: string): string {
  return new Date(`${isoDay}T${clock}:00+03:00`).toISOString();
}

/** An instant as its day (gg.aa.yyyy) and time (ss:dd) in Turkey, whatever the browser's time zone. */
export function turkeyDayAndClock(instant: string | Date): { day: string; clock: string } {
  const shifted = new Date(new Date(instant).getTime() + TURKEY_OFFSET_MS).toISOString();
  return { day: turkishDay(shifted.slice(0, 10)), clock: shifted.slice(11, 16) };
}
