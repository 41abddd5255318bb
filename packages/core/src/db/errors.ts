import { DomainError } from '../errors.ts';

export type StartupErrorCode =
  | 'DATABASE_URL_INVALID'
  | 'DATA_DIR_LOCKED'
  | 'DATABASE_UNREACHABLE'
  | 'CONFIG_INVALID'
  | 'NODE_UNSUPPORTED';

/** A problem with how Vitrin was configured or started; the message is meant for the operator as is. */
export const startupError = (code: StartupErrorCode, message: string) => new DomainError(500, code, message);

/** SQLSTATE classes and socket errors that mean the server is away or restarting, not that a query is wrong. */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect/i;

/** Whether `err` (or what it wraps: Drizzle wraps the driver's error as `cause`) says the database is away. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** The PostgreSQL error `err` is, or wraps (Drizzle wraps the driver's error as its `cause`). */
export function pgError(err: unknown): { code?: unknown; constraint?: unknown } | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof (e as { code?: unknown }).code === 'string') return e as { code: string };
  }
  return undefined;
}

/** Whether `err`, or an error it wraps, carries the SQLSTATE `code`. */
function hasSqlState(err: unknown, code: string): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** A unique index's refusal (SQLSTATE 23505). */
export const isUniqueViolation = (err: unknown): boolean => hasSqlState(err, '23505');

/** A foreign key's refusal (SQLSTATE 23503): the row it names was deleted meanwhile. */
export const isForeignKeyViolation = (err: unknown): boolean => hasSqlState(err, '23503');
