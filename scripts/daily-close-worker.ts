// The background work on its own: `npm run worker:close` runs the daily close (with the once-a-day jobs)
// and the job queue (re-classification of past days, notifications, reminders: docs/jobs.md) in one
// process, through the one polling loop (lib/server/jobs/poll-loop.ts). Any number may run beside the app
// instances (give those DAILY_CLOSE_WORKER=off and JOB_WORKER=off if they should leave the work to it);
// each office-day still closes exactly once and each job is claimed by one worker at a time. This process
// runs both whatever those two variables say: running them is what it is for.
import { existsSync } from 'node:fs';

if (existsSync('.env') && typeof process.loadEnvFile === 'function') process.loadEnvFile('.env');

const { getEnv } = await import('@/lib/env');
const { startDailyCloseWorker } = await import('@/lib/server/jobs/daily-close-worker');
const { seedRecurringJobs } = await import('@/lib/server/jobs/handlers');
const { startJobWorker } = await import('@/lib/server/jobs/job-worker');
const { disconnectDb } = await import('@/lib/server/db');

await seedRecurringJobs().catch((err: unknown) => console.error('[jobs] seed', err instanceof Error ? err.message : err));
console.log('[daily-close] worker started (daily close and job queue)');
const close = startDailyCloseWorker();
const jobs = startJobWorker({ pollMs: getEnv().JOB_POLL_SECONDS * 1000 });
// The loops' timers do not hold a process (a web server's must not keep it from exiting), and the embedded
// database holds no socket: this one keeps the worker alive until it is told to stop.
const keepAlive = setInterval(() => {}, 60 * 60_000);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[daily-close] ${signal}: stopping`);
  clearInterval(keepAlive);
  await Promise.all([close.stop(), jobs.stop()]);
  await disconnectDb();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
