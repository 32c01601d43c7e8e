// Starts the in-process daily close once per server process when DAILY_CLOSE_WORKER=on (the default),
// and the job queue's worker (docs/jobs.md) when JOB_WORKER=on (the default).
import { getEnv } from '@/lib/env';
import { onShutdown } from '@/lib/server/lifecycle';
import { startDailyCloseWorker } from '@/lib/server/jobs/daily-close-worker';

const holder = globalThis as typeof globalThis & { __absensiDailyClose?: boolean };

export function maybeStartDailyClose(): void {
  if (holder.__absensiDailyClose || getEnv().DAILY_CLOSE_WORKER !== 'on') return;
  holder.__absensiDailyClose = true;
  const worker = startDailyCloseWorker();
  // Stops before the database pool closes (order 100).
  onShutdown('daily-close', () => worker.stop(), 50);
}

const jobHolder = globalThis as typeof globalThis & { __absensiJobWorker?: boolean };

export async function maybeStartJobWorker(): Promise<void> {
  const env = getEnv();
  if (jobHolder.__absensiJobWorker || env.JOB_WORKER !== 'on') return;
  jobHolder.__absensiJobWorker = true;
  const { seedRecurringJobs } = await import('@/lib/server/jobs/handlers');
  await seedRecurringJobs().catch((err: unknown) => console.error('[jobs] seed', err instanceof Error ? err.message : err));
  const { startJobWorker } = await import('@/lib/server/jobs/job-worker');
  const worker = startJobWorker({ pollMs: env.JOB_POLL_SECONDS * 1000 });
  // Stops before the database pool closes (order 100).
  onShutdown('jobs', () => worker.stop(), 50);
}
