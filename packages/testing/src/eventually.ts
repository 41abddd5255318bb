/**
 * Waits until `check` holds, asking again every 50 ms: for what another app node sees after a change here (the
 * cache bus delivers its notification a moment later). False when it never held within `timeoutMs`.
 */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}
