// Re-classification through the job queue (docs/daily-close.md, "Derived days follow their facts"): the
// database's triggers (migration 20261126101100_reclassify_triggers) enqueue a 'reclassify' job for the
// employee-days a change touches, in the change's own transaction; this handler classifies the closed days
// of open months in that range again. Once across instances: the key collapses duplicates until a worker
// starts the job, and a job is claimed by one worker at a time (lib/server/jobs/queue.ts).
import { db } from '@/lib/server/db';
import { enqueue, registerJobHandler, type JobDb } from '@/lib/server/jobs/queue';
import { reclassifyOpenDays } from '@/features/daily-close/server/reclassify';

export const RECLASSIFY = 'reclassify';

export type ReclassifyPayload = { userId: string; start: string; end: string };

/** Enqueues the re-classification of one person's days [start, end] from code (the triggers do it in SQL). */
export function enqueueReclassify(tx: JobDb, p: ReclassifyPayload): Promise<boolean> {
  return enqueue(tx, { kind: RECLASSIFY, key: `reclassify:${p.userId}:${p.start}:${p.end}`, payload: p });
}

registerJobHandler<ReclassifyPayload>(
  RECLASSIFY,
  async (p) => {
    await db.$transaction((tx) => reclassifyOpenDays(tx, p.userId, p.start, p.end), { timeout: 120_000, maxWait: 30_000 });
  },
  // A change made while the job runs enqueues a new one: the job reads the facts as they are when it runs.
  { releaseKeyOnStart: true },
);

/**
 * How many employee-days of each office-day wait for re-classification (jobs not run yet, or to be tried
 * again), for the Tutup Harian page. Keyed `${officeId}|${date}`; the office is the one the person's
 * calendar follows now (home office, else the main office). Dates within [first, last].
 */
export async function waitingByOfficeDay(officeIds: string[], first: string, last: string): Promise<Map<string, number>> {
  if (!officeIds.length || last < first) return new Map();
  const rows = await db.$queryRaw<{ officeId: string; date: string; n: number }[]>`
    SELECT o."officeId"::text AS "officeId", d::date::text AS "date", count(DISTINCT o."userId")::int AS n
    FROM (
      SELECT (j.payload->>'userId')::uuid AS "userId", COALESCE(u."homeOfficeId", st."mainOfficeId") AS "officeId",
             GREATEST((j.payload->>'start')::date, ${first}::date) AS lo, LEAST((j.payload->>'end')::date, ${last}::date) AS hi
      FROM "Job" j
      JOIN "User" u ON u.id = (j.payload->>'userId')::uuid
      LEFT JOIN "Settings" st ON st.id = 1
      WHERE j.kind = ${RECLASSIFY} AND j."doneAt" IS NULL AND j."failedAt" IS NULL
    ) o
    CROSS JOIN LATERAL generate_series(o.lo, o.hi, interval '1 day') d
    WHERE o."officeId" = ANY(${officeIds}::uuid[]) AND o.lo <= o.hi
    GROUP BY 1, 2`;
  return new Map(rows.map((r) => [`${r.officeId}|${r.date}`, r.n]));
}
