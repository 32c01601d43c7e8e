// The one polling loop of the background work (docs/jobs.md): the daily close (daily-close-worker.ts) and
// the job queue (job-worker.ts) each run a round through it. A round that fails waits pollMs · 2^failures
// (at most maxBackoffMs) before the next try; a round that says there is more goes on at once; stop()
// wakes a sleeping loop and resolves when the round under way has finished.

export type PollLoop = { stop(): Promise<void> };

export type PollLoopOptions = {
  /** The log prefix of a failed round: `[name] message`. */
  name: string;
  pollMs: number;
  /** Wait before the first round (default 0). */
  firstDelayMs?: number;
  /** The longest wait after failed rounds. */
  maxBackoffMs: number;
  /** One round; true when more work is due now (the next round starts without waiting). */
  round: () => Promise<boolean | void>;
};

export function pollLoop(opts: PollLoopOptions): PollLoop {
  let running = true;
  let wake: (() => void) | null = null;
  let failures = 0;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref?.();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    if (opts.firstDelayMs) await sleep(opts.firstDelayMs);
    while (running) {
      try {
        const more = await opts.round();
        failures = 0;
        if (running && !more) await sleep(opts.pollMs);
      } catch (err) {
        failures++;
        console.error(`[${opts.name}]`, err instanceof Error ? err.message : err);
        if (running) await sleep(Math.min(opts.maxBackoffMs, opts.pollMs * 2 ** failures));
      }
    }
  })();
  return {
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
