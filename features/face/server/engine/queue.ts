// The re-check queue is rows of FaceCheckJob in PostgreSQL (or the embedded PGlite): workers in any
// number of processes claim rows with FOR UPDATE SKIP LOCKED, so a job runs once, and a job whose
// worker died is claimed again once its lock is stale. State survives restarts.
import { db } from '@/lib/server/db';

export type ClaimedJob = { id: bigint; photoId: string; attempts: number };

/** A running job untouched this long belongs to a worker that died. */
export const STALE_LOCK_SECONDS = 300;
export const MAX_ATTEMPTS = 5;

export async function claimJobs(limit = 1): Promise<ClaimedJob[]> {
  return db.$queryRaw<ClaimedJob[]>`
    UPDATE "FaceCheckJob" AS j
       SET status = 'running', "lockedAt" = now(), attempts = j.attempts + 1, "updatedAt" = now()
     WHERE j.id IN (
       SELECT id FROM "FaceCheckJob"
        WHERE (status = 'queued' AND "runAfter" <= now())
           OR (status = 'running' AND "lockedAt" < now() - make_interval(secs => ${STALE_LOCK_SECONDS}))
        ORDER BY "runAfter", id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING j.id, j."photoId", j.attempts`;
}

/** After an error: try again later (backoff), or give up after MAX_ATTEMPTS. */
export async function failJob(job: ClaimedJob, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const giveUp = job.attempts >= MAX_ATTEMPTS;
  await db.faceCheckJob.updateMany({
    where: { id: job.id, status: 'running' },
    data: {
      status: giveUp ? 'failed' : 'queued',
      lockedAt: null,
      lastError: message.slice(0, 1000),
      runAfter: new Date(Date.now() + 2 ** job.attempts * 5_000),
    },
  });
}

export async function queueCounts(): Promise<Record<'queued' | 'running' | 'done' | 'failed', number>> {
  const rows = await db.faceCheckJob.groupBy({ by: ['status'], _count: { _all: true } });
  const counts = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const r of rows) counts[r.status] = r._count._all;
  return counts;
}
