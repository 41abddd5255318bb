// Errors crossing between the request thread and the render threads (render-pool.ts, render-worker.mjs).
// Plain JavaScript: a worker thread starts without the TypeScript loader of the tests and of the server.

/** An error as plain data: its name, message, stack and the own properties (`code`, `status`) that copy. */
export function describeError(err) {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const described = { name: err.name, message: err.message, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    try {
      described[key] = structuredClone(value);
    } catch {
      // A property that cannot cross threads is left behind.
    }
  }
  return described;
}

/** The error again on this side, with the same name, message and properties. */
export function reviveError(described) {
  return Object.assign(new Error(described.message), described);
}
