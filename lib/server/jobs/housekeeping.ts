// Retention of the one job queue (docs/jobs.md, "Retention"): a finished job is kept JOB_RETENTION_DAYS
// for whoever looks into what ran, then deleted, so the table holds days, not years, of reminders,
// deliveries and planner runs (10,000 employees leave about 20,000 reminder jobs a working day). Failed
// jobs stay: they are what an operator retries (retryJob). The purge is a chain like the notification
// planner: each run enqueues the next under the next hour's key, so one chain runs however many instances
// seed it (seedRecurringJobs in lib/server/jobs/handlers.ts).
import { db } from '@/lib/server/db';
import { enqueue, registerJobHandler } from '@/lib/server/jobs/queue';

export const PURGE_JOB = 'jobs.purge';
/** Days a done job is kept. Its key goes with it: every key in use is of a day, a delivery or a run that is over by then. */
export const JOB_RETENTION_DAYS = 7;
const EVERY_MS = 60 * 60_000;
/** Rows deleted per statement: short statements, so a purge never holds up the queue's own work. */
const BATCH = 5000;

const hour = (t: number) => Math.floor(t / EVERY_MS) * EVERY_MS;

/** Deletes the jobs done more than `days` days before `now`; returns how many. */
export async function purgeDoneJobs(opts: { now?: Date; days?: number } = {}): Promise<number> {
  const before = new Date((opts.now ?? new Date()).getTime() - (opts.days ?? JOB_RETENTION_DAYS) * 86_400_000);
  let total = 0;
  for (;;) {
    const n = await db.$executeRaw`
      DELETE FROM "Job" WHERE "id" IN (SELECT "id" FROM "Job" WHERE "doneAt" < ${before} ORDER BY "doneAt" LIMIT ${BATCH})`;
    total += n;
    if (n < BATCH) return total;
  }
}

async function enqueuePurge(at: number): Promise<void> {
  await enqueue(db, {
    kind: PURGE_JOB,
    payload: {},
    key: `${PURGE_JOB}:${new Date(at).toISOString()}`,
    runAt: new Date(at),
    maxAttempts: 3,
  });
}

/** At the worker's start: the chain runs (this hour's key: once for every instance). */
export async function seedJobPurge(): Promise<void> {
  await enqueuePurge(hour(Date.now()));
}

registerJobHandler(PURGE_JOB, async () => {
  try {
    await purgeDoneJobs();
  } finally {
    await enqueuePurge(hour(Date.now()) + EVERY_MS);
  }
});
