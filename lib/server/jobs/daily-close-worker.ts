// The daily close loop (docs/daily-close.md): every minute, close each office-day that is due. Runs in
// every app instance (instrumentation.ts, DAILY_CLOSE_WORKER=on) or alone with the job queue
// (`npm run worker:close`), through the shared pollLoop (poll-loop.ts);
// the DayClose claim makes each office-day close exactly once whatever the number of copies. Each round
// also runs the once-a-day jobs (JobRun claims: one instance a day).
import { runDueCloses, type CloseResult } from '@/features/daily-close/server/daily-close';
import { runDailyJobs } from '@/features/daily-close/server/daily-jobs';
import { pollLoop, type PollLoop } from '@/lib/server/jobs/poll-loop';

export type DailyCloseWorker = PollLoop;

/**
 * One log line per round that committed closes, naming each office-day this process closed (the same
 * date of two offices is two office-days):
 * `[daily-close] closed 3 office-day(s): office <id> 2026-08-18 (14), 2026-08-19 (14); office <id> 2026-08-19 (2)`.
 */
export function closeLine(closed: CloseResult[]): string {
  const byOffice = new Map<string, CloseResult[]>();
  for (const c of closed) byOffice.set(c.officeId, [...(byOffice.get(c.officeId) ?? []), c]);
  const parts = [...byOffice].map(([officeId, days]) => `office ${officeId} ${days.map((c) => `${c.date} (${c.days})`).join(', ')}`);
  return `[daily-close] closed ${closed.length} office-day(s): ${parts.join('; ')}`;
}

export function startDailyCloseWorker(opts: { pollMs?: number; log?: boolean } = {}): DailyCloseWorker {
  const pollMs = opts.pollMs ?? 60_000;
  return pollLoop({
    name: 'daily-close',
    pollMs,
    // A short pause first: the server answers its first requests before the catch-up starts.
    firstDelayMs: Math.min(pollMs, 5_000),
    maxBackoffMs: 10 * 60_000,
    round: async () => {
      const closed = await runDueCloses();
      if (closed.length && opts.log !== false) console.log(closeLine(closed));
      // Once a day, in one instance: the leave ledger's automatic rows (features/daily-close/server/daily-jobs.ts).
      for (const job of await runDailyJobs())
        if (opts.log !== false) console.log(`[daily-jobs] ${job.job} ${job.day}: ${job.result} employee(s)`);
    },
  });
}
