/** A problem with how Vitrin was configured or started; the message is meant for the operator as is. */
export class StartupError extends Error {
  constructor(
    readonly code: 'DATABASE_URL_INVALID' | 'DATA_DIR_LOCKED' | 'DATABASE_UNREACHABLE' | 'CONFIG_INVALID',
    message: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}
