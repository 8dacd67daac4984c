/**
 * The outbox page's path with the operator's key (`npm run outbox -- --link` prints the
 * same): playwright.config.ts gives every server it starts this OUTBOX_KEY.
 */
export function outboxPath(): string {
  const key = process.env.OUTBOX_KEY;
  if (!key) throw new Error('OUTBOX_KEY is not set: playwright.config.ts sets it for the servers and the tests');
  return `/dev/outbox?key=${encodeURIComponent(key)}`;
}
