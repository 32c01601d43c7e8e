// The job queue's worker loop (docs/jobs.md): every JOB_POLL_SECONDS, run the due jobs of every kind
// registered in this process (lib/server/jobs/handlers.ts). Safe in any number of instances: each job
// is claimed by one worker at a time (lib/server/jobs/queue.ts).
import { runDueJobs, type RunSummary } from '@/lib/server/jobs/queue';

export type JobWorker = { stop(): Promise<void> };

export function startJobWorker(opts: { pollMs: number; log?: boolean; onRound?: (s: RunSummary) => void }): JobWorker {
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
    while (running) {
      try {
        const summary = await runDueJobs();
        opts.onRound?.(summary);
        if (opts.log !== false && (summary.retried || summary.failed))
          console.log(`[jobs] ${summary.done} done, ${summary.retried} to retry, ${summary.failed} failed`);
        failures = 0;
        // A full batch: more may be due, go on at once.
        if (running && summary.claimed < 20) await sleep(opts.pollMs);
      } catch (err) {
        failures++;
        console.error('[jobs]', err instanceof Error ? err.message : err);
        if (running) await sleep(Math.min(5 * 60_000, opts.pollMs * 2 ** failures));
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
