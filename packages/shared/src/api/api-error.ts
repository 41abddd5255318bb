/**
 * The browsers' API client error (the storefront's and the panel's): an answer of our API that is not a
 * success (400-599), with the server's Turkish message, its code and per-field messages.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** Seconds to wait before trying again (429 and 503 carry it). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
