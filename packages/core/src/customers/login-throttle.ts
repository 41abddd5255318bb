/** Wrong passwords in a row from one client for one account (or login guard bucket), and how long it then waits. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;
/** Pairs remembered at most; past it the oldest go first (a flood of made-up e-mails cannot grow memory). */
const MAX_PAIRS = 50_000;

interface Pair {
  /** Attempts counted so far, including those whose password is still being checked. */
  failures: number;
  lockedUntil: number;
  /** Last attempt: a pair not tried for `LOCK_MS` starts afresh. */
  at: number;
}

/**
 * Password guesses counted per account and client together: the fifth wrong password in a row makes that
 * client wait 15 minutes for that account. Logins are counted by the login guard (`login-guard/`, device
 * cookies); this counts the account panel's password checks (e-mail and password change, deletion), which
 * only the account's own sessions reach.
 *
 * An attempt counts before its password is checked, so a burst of parallel guesses gets no more checks
 * than serial ones. Counts live in this process: each app node counts its own share.
 */
export function createLoginThrottle(now: () => Date) {
  const pairs = new Map<string, Pair>();
  const keyOf = (account: string, client: string) => `${account}\n${client}`;

  function current(key: string, at: number): Pair | undefined {
    const pair = pairs.get(key);
    if (pair && pair.lockedUntil <= at && at - pair.at >= LOCK_MS) {
      pairs.delete(key);
      return undefined;
    }
    return pair;
  }

  return {
    /** Counts an attempt: the time the client may try again, or null to check the password. */
    begin(account: string, client: string): Date | null {
      const at = now().getTime();
      const key = keyOf(account, client);
      const pair = current(key, at) ?? { failures: 0, lockedUntil: 0, at };
      if (pair.lockedUntil > at) return new Date(pair.lockedUntil);
      // More parallel attempts than the allowance: the surplus waits like a locked client.
      if (pair.failures >= LOCK_AFTER_FAILURES) {
        pair.failures = 0;
        pair.lockedUntil = at + LOCK_MS;
      } else pair.failures += 1;
      pair.at = at;
      // Re-inserted, so the map's order is the order of last use and eviction drops the stalest pair.
      pairs.delete(key);
      pairs.set(key, pair);
      if (pairs.size > MAX_PAIRS) pairs.delete(pairs.keys().next().value!);
      return pair.lockedUntil > at ? new Date(pair.lockedUntil) : null;
    },

    /** The password was wrong: the time the client now waits until (the fifth in a row), or null. */
    failed(account: string, client: string): Date | null {
      const at = now().getTime();
      const pair = current(keyOf(account, client), at);
      if (!pair) return null;
      if (pair.lockedUntil <= at && pair.failures >= LOCK_AFTER_FAILURES) {
        pair.failures = 0;
        pair.lockedUntil = at + LOCK_MS;
      }
      return pair.lockedUntil > at ? new Date(pair.lockedUntil) : null;
    },

    /** The password was right: this client starts again from zero. */
    succeeded(account: string, client: string): void {
      pairs.delete(keyOf(account, client));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
