/**
 * Work a request starts and does not wait for (an order's confirmation and its shops' e-mails,
 * a status change's e-mail and refund, a forgot-password code, a ticket reply's e-mail): kept
 * track of, so a stopping process (http/serve.ts, through shutdown.ts) and a test closing its
 * database wait for it instead of cutting it off halfway.
 */
const pending = new Set<Promise<void>>();

/** Runs `work` after the answer; it must handle and log its own failure (a rejection is dropped here). */
export function inBackground(work: Promise<unknown>): void {
  const tracked: Promise<void> = work.then(
    () => undefined,
    () => undefined,
  );
  pending.add(tracked);
  void tracked.finally(() => pending.delete(tracked));
}

/** Resolves once every piece of background work started so far, and any it started in turn, has ended. */
export async function backgroundSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
