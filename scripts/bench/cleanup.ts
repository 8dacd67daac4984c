/**
 * What the bench must undo however it ends: servers it started, the PostgreSQL cluster.
 * Tasks run last-in first-out, on a normal end (the caller's `finally`) and on Ctrl-C or
 * SIGTERM, where the process then exits with 130 or 143.
 */
type Task = () => Promise<void>;

const tasks: Task[] = [];
let installed = false;

/** Registers `task`; the returned function runs it now (once) and unregisters it. */
export function deferCleanup(task: Task): () => Promise<void> {
  let done = false;
  const once: Task = async () => {
    if (done) return;
    done = true;
    const index = tasks.indexOf(once);
    if (index >= 0) tasks.splice(index, 1);
    await task();
  };
  tasks.push(once);
  installSignalHandlers();
  return once;
}

/** Runs every pending task, newest first; a failing task does not stop the others. */
export async function runCleanups(): Promise<void> {
  while (tasks.length > 0) {
    const task = tasks[tasks.length - 1];
    if (!task) break;
    await task().catch((error: unknown) => console.error(`Clean-up failed: ${error instanceof Error ? error.message : String(error)}`));
  }
}

function installSignalHandlers(): void {
  if (installed) return;
  installed = true;
  let stopping = false;
  // Handlers stay installed: Ctrl-C reaches this process twice (from the terminal and
  // relayed by tsx), and a second signal must not kill it halfway through its clean-up.
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping what the bench started`);
    void runCleanups().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
