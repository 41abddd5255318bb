/**
 * Whole numbers the panel's forms send as their inputs' text and API clients as JSON numbers, read the same
 * way by every admin request schema. Brings zod: imported by path.
 */
import { z } from '../../zod.ts';

/** An empty input: nothing typed. */
export const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A whole number from JSON or from a form's text, between `min` and `max`. */
export const whole = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && !blank(v) ? Number(v.trim()) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** The same, or null when blank (no limit, none). */
export const optionalWhole = (message: string, min: number, max: number) =>
  z.preprocess((v) => (blank(v) ? null : v), whole(message, min, max).nullable());
