/** Polls `check` until it holds or `timeoutMs` passes (then fails with `what`): fault tests never sleep and hope. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 15_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check().catch(() => undefined);
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
