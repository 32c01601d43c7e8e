// Process lifecycle: a registry of shutdown tasks (close the database pool, stop background workers)
// run once when the server stops. `next start` handles SIGTERM/SIGINT itself: it stops accepting
// connections, waits for the requests in flight and then calls process.exit(). We only add a last
// step: when that exit comes, run our tasks first (bounded by a deadline), then really exit.
// State lives on globalThis because instrumentation and route bundles are separate module instances.

type Task = { name: string; run: () => Promise<void> | void; order: number };
type State = { tasks: Task[]; installed: boolean; stopping: boolean; done?: Promise<void> };

const holder = globalThis as typeof globalThis & { __absensiLifecycle?: State };
const state: State = (holder.__absensiLifecycle ??= { tasks: [], installed: false, stopping: false });

const TASK_DEADLINE_MS = 10_000;
/** If nothing else ends the process after a stop signal (no Next handler), we do it ourselves. */
const FALLBACK_EXIT_MS = 30_000;

/**
 * Registers a task to run at shutdown, after the HTTP server has drained. Lower `order` runs first
 * (workers before the database pool). Returns a function that unregisters it.
 */
export function onShutdown(name: string, run: Task['run'], order = 0): () => void {
  const task: Task = { name, run, order };
  state.tasks = state.tasks.filter((t) => t.name !== name).concat(task);
  return () => {
    state.tasks = state.tasks.filter((t) => t !== task);
  };
}

/** True once a stop signal arrived: the health check reports it so load balancers stop sending. */
export function isShuttingDown(): boolean {
  return state.stopping;
}

function withDeadline(task: Task): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`[shutdown] ${task.name} did not finish within ${TASK_DEADLINE_MS} ms`);
      resolve();
    }, TASK_DEADLINE_MS);
    timer.unref();
  });
  const work = Promise.resolve()
    .then(task.run)
    .catch((err: unknown) => console.error(`[shutdown] ${task.name} failed`, err));
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Runs every registered task once, in order; later calls return the same promise. */
export function runShutdownTasks(): Promise<void> {
  state.done ??= (async () => {
    const ordered = [...state.tasks].sort((a, b) => a.order - b.order);
    for (const task of ordered) await withDeadline(task);
    if (ordered.length) console.log(`[shutdown] closed: ${ordered.map((t) => t.name).join(', ')}`);
  })();
  return state.done;
}

/**
 * Hooks the stop signals once per process. Next's own handler drains the HTTP server and then calls
 * process.exit(); from the first signal on, that exit waits for our tasks.
 */
export function installShutdownHooks(): void {
  if (state.installed) return;
  state.installed = true;
  const onSignal = () => {
    if (state.stopping) return;
    state.stopping = true;
    const exit = process.exit.bind(process);
    process.exit = ((code?: number | string | null) => {
      void runShutdownTasks().finally(() => exit(code ?? undefined));
    }) as typeof process.exit;
    setTimeout(() => process.exit(143), FALLBACK_EXIT_MS).unref();
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
