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
