/**
 * Work a server process finishes before it exits on SIGTERM or SIGINT (http/serve.ts): the
 * views it kept in memory (catalog/view-counts.ts) are written, not lost with the process.
 * One list per process, found by name: serve.ts runs from src/ while the API runs inside
 * Astro's bundle (dist/server), each with its own copy of this module.
 */
type Hook = () => Promise<unknown>;

const HOOKS = Symbol.for('storefront.shutdownHooks');
const registry = globalThis as unknown as Record<symbol, Set<Hook> | undefined>;
const hooks = (registry[HOOKS] ??= new Set<Hook>());

/** `hook` runs once when the process is asked to stop. */
export function onShutdown(hook: Hook): void {
  hooks.add(hook);
}

/** Runs every hook once, a failure only logged, waiting `timeoutMs` at most for them all. */
export async function runShutdownHooks(timeoutMs = 5000): Promise<void> {
  const running = [...hooks].map((hook) => hook().catch((error: unknown) => console.warn(`shutdown: ${error instanceof Error ? error.message : String(error)}`)));
  hooks.clear();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([Promise.all(running), timeout]);
  clearTimeout(timer);
}
