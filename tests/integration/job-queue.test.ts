// The job queue (lib/server/jobs/queue.ts, docs/jobs.md) on the suite's database (PGlite or PostgreSQL):
// the outbox insert commits or rolls back with the caller's transaction, a key is enqueued once, two
// workers never run one job twice, a failing handler is retried with backoff and then marked failed,
// and a crashed worker's job is run again once its lease has passed.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { claimDueJobs, enqueue, registerJobHandler, retryJob, runDueJobs } from '@/lib/server/jobs/queue';

type Row = {
  id: string;
  key: string | null;
  attempts: number;
  lastError: string | null;
  doneAt: Date | null;
  failedAt: Date | null;
  lockedBy: string | null;
  /** runAt − the database's now(), in seconds. */
  dueIn: number;
};

async function jobs(kind: string): Promise<Row[]> {
  return db.$queryRaw<Row[]>`
    SELECT "id"::text AS "id", "key", "attempts", "lastError", "doneAt", "failedAt", "lockedBy",
           extract(epoch FROM ("runAt" - now()))::float8 AS "dueIn"
    FROM "Job" WHERE "kind" = ${kind} ORDER BY "createdAt", "id"`;
}

/** Makes every waiting job of the kind due now (instead of waiting for its backoff). */
async function makeDue(kind: string) {
  await db.$executeRaw`UPDATE "Job" SET "runAt" = now() - interval '1 second' WHERE "kind" = ${kind} AND "doneAt" IS NULL`;
}

describe('enqueue', () => {
  it('a job enqueued in a transaction that rolls back leaves nothing; one that commits is there', async () => {
    await expect(
      db.$transaction(async (tx) => {
        expect(await enqueue(tx, { kind: 'test.outbox', payload: { n: 1 } })).toBe(true);
        throw new Error('batal');
      }),
    ).rejects.toThrow('batal');
    expect(await jobs('test.outbox')).toEqual([]);
    await db.$transaction(async (tx) => {
      await enqueue(tx, { kind: 'test.outbox', payload: { n: 2 } });
    });
    expect(await jobs('test.outbox')).toHaveLength(1);
  });

  it('a key is enqueued once, also when five writers send it together', async () => {
    expect(await enqueue(db, { kind: 'test.key', key: 'k-1', payload: {} })).toBe(true);
    expect(await enqueue(db, { kind: 'test.key', key: 'k-1', payload: { other: true } })).toBe(false);
    const together = await Promise.all(
      Array.from({ length: 5 }, () => db.$transaction((tx) => enqueue(tx, { kind: 'test.key', key: 'k-2', payload: {} }))),
    );
    expect(together.filter(Boolean)).toHaveLength(1);
    // Jobs without a key are never collapsed.
    await enqueue(db, { kind: 'test.key', payload: {} });
    await enqueue(db, { kind: 'test.key', payload: {} });
    expect((await jobs('test.key')).map((j) => j.key)).toEqual(['k-1', 'k-2', null, null]);
  });

  it('a job due later is not run before its time', async () => {
    const ran: string[] = [];
    registerJobHandler<{ n: number }>('test.later', async (p) => void ran.push(String(p.n)));
    await enqueue(db, { kind: 'test.later', payload: { n: 1 }, runAt: new Date(Date.now() + 3_600_000) });
    expect(await runDueJobs({ kinds: ['test.later'] })).toMatchObject({ claimed: 0 });
    await makeDue('test.later');
    expect(await runDueJobs({ kinds: ['test.later'] })).toEqual({ claimed: 1, done: 1, retried: 0, failed: 0 });
    expect(ran).toEqual(['1']);
  });
});

describe('runDueJobs', () => {
  it('three workers running at once run each of 30 jobs exactly once', async () => {
    const runs = new Map<number, number>();
    registerJobHandler<{ n: number }>('test.once', async (p) => {
      runs.set(p.n, (runs.get(p.n) ?? 0) + 1);
      // A round trip inside the handler, so the workers' claims and runs interleave.
      await db.$queryRaw`SELECT 1`;
    });
    for (let n = 0; n < 30; n++) await enqueue(db, { kind: 'test.once', payload: { n } });
    const rounds = await Promise.all([1, 2, 3].map(() => runDueJobs({ kinds: ['test.once'], limit: 12 })));
    const more = await runDueJobs({ kinds: ['test.once'], limit: 30 });
    expect(rounds.reduce((s, r) => s + r.done, 0) + more.done).toBe(30);
    expect([...runs.values()].every((v) => v === 1)).toBe(true);
    expect(runs.size).toBe(30);
    expect((await jobs('test.once')).every((j) => j.doneAt !== null && j.attempts === 1)).toBe(true);
  });

  it('a failing handler is retried after 30 s, then 60 s, and marked failed after maxAttempts; retryJob puts it back', async () => {
    let failing = true;
    registerJobHandler('test.flaky', async () => {
      if (failing) throw new Error('Server surel tidak menjawab');
    });
    await enqueue(db, { kind: 'test.flaky', payload: {}, maxAttempts: 3 });

    expect(await runDueJobs({ kinds: ['test.flaky'] })).toEqual({ claimed: 1, done: 0, retried: 1, failed: 0 });
    let [job] = await jobs('test.flaky');
    expect(job).toMatchObject({ attempts: 1, lastError: 'Error: Server surel tidak menjawab', failedAt: null, doneAt: null });
    // 30 s · 2^0 from now (a second's slack for the statements in between).
    expect(job!.dueIn).toBeGreaterThan(29);
    expect(job!.dueIn).toBeLessThanOrEqual(30);
    // Not due yet: nothing to claim.
    expect((await runDueJobs({ kinds: ['test.flaky'] })).claimed).toBe(0);

    await makeDue('test.flaky');
    expect(await runDueJobs({ kinds: ['test.flaky'] })).toMatchObject({ retried: 1 });
    [job] = await jobs('test.flaky');
    // 30 s · 2^1.
    expect(job!.attempts).toBe(2);
    expect(job!.dueIn).toBeGreaterThan(59);
    expect(job!.dueIn).toBeLessThanOrEqual(60);

    await makeDue('test.flaky');
    expect(await runDueJobs({ kinds: ['test.flaky'] })).toMatchObject({ failed: 1 });
    [job] = await jobs('test.flaky');
    expect(job!.attempts).toBe(3);
    expect(job!.failedAt).not.toBeNull();
    // A failed job is never claimed again by itself.
    await makeDue('test.flaky');
    expect((await runDueJobs({ kinds: ['test.flaky'] })).claimed).toBe(0);

    failing = false;
    expect(await retryJob(job!.id)).toBe(true);
    expect(await runDueJobs({ kinds: ['test.flaky'] })).toEqual({ claimed: 1, done: 1, retried: 0, failed: 0 });
    [job] = await jobs('test.flaky');
    expect(job).toMatchObject({ attempts: 1, failedAt: null, lastError: null });
    expect(job!.doneAt).not.toBeNull();
    // A done job cannot be retried.
    expect(await retryJob(job!.id)).toBe(false);
  });

  it('a job claimed by a worker that crashed runs again once the lease has passed, not before', async () => {
    const ran: number[] = [];
    registerJobHandler<{ n: number }>('test.lease', async (p) => void ran.push(p.n));
    await enqueue(db, { kind: 'test.lease', payload: { n: 7 } });
    const claimed = await claimDueJobs({ kinds: ['test.lease'], limit: 5, worker: 'crashed-worker', leaseMs: 60_000 });
    expect(claimed).toHaveLength(1);
    // The crashed worker's lease holds for a minute.
    expect((await runDueJobs({ kinds: ['test.lease'] })).claimed).toBe(0);
    await db.$executeRaw`UPDATE "Job" SET "lockedUntil" = now() - interval '1 millisecond' WHERE "kind" = 'test.lease'`;
    expect(await runDueJobs({ kinds: ['test.lease'] })).toEqual({ claimed: 1, done: 1, retried: 0, failed: 0 });
    expect(ran).toEqual([7]);
    const [job] = await jobs('test.lease');
    expect(job!.attempts).toBe(2);
    expect(job!.lockedBy).not.toBe('crashed-worker');
  });

  it('releaseKeyOnStart: the key is free once a worker starts the job, so a change made meanwhile enqueues again', async () => {
    registerJobHandler('test.release', async () => {}, { releaseKeyOnStart: true });
    registerJobHandler('test.keep', async () => {});
    expect(await enqueue(db, { kind: 'test.release', key: 'r-1', payload: {} })).toBe(true);
    expect(await enqueue(db, { kind: 'test.keep', key: 'k-keep', payload: {} })).toBe(true);
    await runDueJobs({ kinds: ['test.release', 'test.keep'] });
    expect(await enqueue(db, { kind: 'test.release', key: 'r-1', payload: {} })).toBe(true);
    expect(await enqueue(db, { kind: 'test.keep', key: 'k-keep', payload: {} })).toBe(false);
  });
});
