// Retention of the job queue (lib/server/jobs/housekeeping.ts, docs/jobs.md "Retention"): jobs done more
// than 7 days ago are deleted, in batches; jobs done more recently, failed jobs and jobs still to run stay.
// The purge runs as an hourly chain seeded by every worker's start: one chain however often it is seeded.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { runDueJobs } from '@/lib/server/jobs/queue';
import '@/lib/server/jobs/handlers';
import { JOB_RETENTION_DAYS, PURGE_JOB, purgeDoneJobs, seedJobPurge } from '@/lib/server/jobs/housekeeping';

/** A job of kind `test.old` done (or failed, or still waiting) `ago` days before now. */
async function job(key: string, state: 'done' | 'failed' | 'waiting', agoDays: number) {
  const at = new Date(Date.now() - agoDays * 86_400_000);
  await db.job.create({
    data: {
      kind: 'test.old',
      key,
      payload: {},
      runAt: at,
      createdAt: at,
      ...(state === 'done' ? { doneAt: at } : state === 'failed' ? { failedAt: at, attempts: 8, lastError: 'timeout' } : {}),
    },
  });
}
const keys = async () =>
  (await db.job.findMany({ where: { kind: 'test.old' }, orderBy: { key: 'asc' }, select: { key: true } })).map((j) => j.key);

describe('job retention', () => {
  it('deletes what was done more than 7 days ago; keeps the recent, the failed and the waiting', async () => {
    expect(JOB_RETENTION_DAYS).toBe(7);
    await job('a-done-8-days-ago', 'done', 8);
    await job('b-done-30-days-ago', 'done', 30);
    await job('c-done-6-days-ago', 'done', 6);
    await job('d-failed-30-days-ago', 'failed', 30);
    await job('e-waiting-since-30-days', 'waiting', 30);
    expect(await purgeDoneJobs()).toBe(2);
    expect(await keys()).toEqual(['c-done-6-days-ago', 'd-failed-30-days-ago', 'e-waiting-since-30-days']);
    // Its key went with it: the occasion is over, and a new job under it would be a new one.
    expect(await purgeDoneJobs()).toBe(0);
    // Seven days later the one done 6 days ago is over the limit too.
    expect(await purgeDoneJobs({ now: new Date(Date.now() + 7 * 86_400_000) })).toBe(1);
    expect(await keys()).toEqual(['d-failed-30-days-ago', 'e-waiting-since-30-days']);
  });

  it('a backlog larger than one batch (5,000) goes in several statements: 12,345 rows, all deleted', async () => {
    await db.$executeRaw`
      INSERT INTO "Job" ("id", "kind", "key", "payload", "runAt", "doneAt", "createdAt")
      SELECT gen_random_uuid(), 'test.bulk', 'bulk:' || i, '{}'::jsonb, now() - interval '10 days', now() - interval '9 days', now() - interval '10 days'
      FROM generate_series(1, 12345) i`;
    expect(await purgeDoneJobs()).toBe(12345);
    expect(await db.job.count({ where: { kind: 'test.bulk' } })).toBe(0);
  });

  it('runs as one hourly chain: seeded twice, run once, the next run an hour on', async () => {
    await seedJobPurge();
    await seedJobPurge();
    const chain = () => db.job.findMany({ where: { kind: PURGE_JOB }, orderBy: { runAt: 'asc' } });
    expect(await chain()).toHaveLength(1);
    await job('f-done-9-days-ago', 'done', 9);
    const ran = await runDueJobs({ kinds: [PURGE_JOB] });
    expect(ran).toMatchObject({ claimed: 1, done: 1, failed: 0 });
    expect(await keys()).not.toContain('f-done-9-days-ago');
    const [first, next] = await chain();
    expect(first!.doneAt).not.toBeNull();
    expect(next!.doneAt).toBeNull();
    // The next hour's bucket: at most an hour away, and on the hour.
    const wait = next!.runAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600_000);
    expect(next!.runAt.getTime() % 3600_000).toBe(0);
    expect(next!.key).toBe(`${PURGE_JOB}:${next!.runAt.toISOString()}`);
  });
});
