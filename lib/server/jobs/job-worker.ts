// The job queue's worker loop (docs/jobs.md): every JOB_POLL_SECONDS, run the due jobs of every kind
// registered in this process (lib/server/jobs/handlers.ts). Safe in any number of instances: each job
// is claimed by one worker at a time (lib/server/jobs/queue.ts).
import { runDueJobs, type RunSummary } from '@/lib/server/jobs/queue';
import { pollLoop, type PollLoop } from '@/lib/server/jobs/poll-loop';

export type JobWorker = PollLoop;

/** The batch a round claims: a full one means more may be due, and the next round starts at once. */
const BATCH = 20;

export function startJobWorker(opts: { pollMs: number; log?: boolean; onRound?: (s: RunSummary) => void }): JobWorker {
  return pollLoop({
    name: 'jobs',
    pollMs: opts.pollMs,
    maxBackoffMs: 5 * 60_000,
    round: async () => {
      const summary = await runDueJobs({ limit: BATCH });
      opts.onRound?.(summary);
      if (opts.log !== false && (summary.retried || summary.failed))
        console.log(`[jobs] ${summary.done} done, ${summary.retried} to retry, ${summary.failed} failed`);
      return summary.claimed >= BATCH;
    },
  });
}
