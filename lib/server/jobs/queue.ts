// The one background job queue (docs/jobs.md): a PostgreSQL table ("Job") that every background task
// of the app goes through. A writer enqueues inside its own transaction (outbox: the job commits or rolls
// back with the change that asked for it); a worker claims due jobs with FOR UPDATE SKIP LOCKED under a
// lease, runs their handler, marks them done, or schedules a retry with exponential backoff until
// maxAttempts, then marks them failed (retryJob puts one back). Works on PostgreSQL and on PGlite.
// Delivery is at least once: a handler must be safe to run again (a crashed worker's job runs again once
// its lease has passed).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { db } from '@/lib/server/db';
import type { Prisma } from '@/lib/generated/prisma/client';

/** Anything with Prisma's raw query methods: the app's client or a transaction client. */
export type JobDb = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

export type JobContext = {
  jobId: string;
  kind: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  maxAttempts: number;
};

export type JobHandler<P = unknown> = (payload: P, ctx: JobContext) => Promise<void>;

type Registered = {
  handler: JobHandler;
  /**
   * true: the dedupe key is released when a worker starts the job, so a change made while it runs
   * enqueues a new one (work that recomputes from current facts, e.g. re-classification). false (default):
   * the key stays taken for good (a notification keyed by its occasion is sent once, ever).
   */
  releaseKeyOnStart: boolean;
};

const holder = globalThis as typeof globalThis & { __absensiJobHandlers?: Map<string, Registered> };
const handlers: Map<string, Registered> = (holder.__absensiJobHandlers ??= new Map());

/** First retry after 30 s, then 1, 2, 4… minutes, at most 1 hour apart. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 60 * 60_000;
/** How long a claimed job is its worker's before another worker may take it (crashed worker). */
export const DEFAULT_LEASE_MS = 5 * 60_000;

export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

export function registerJobHandler<P>(kind: string, handler: JobHandler<P>, opts: { releaseKeyOnStart?: boolean } = {}): void {
  handlers.set(kind, { handler: handler as JobHandler, releaseKeyOnStart: opts.releaseKeyOnStart ?? false });
}

export function registeredJobKinds(): string[] {
  return [...handlers.keys()];
}

export type EnqueueInput = {
  kind: string;
  payload: unknown;
  /** Dedupe key: a second enqueue with the same key (from any instance) inserts nothing. */
  key?: string | null;
  /** Not before this time (default: now). */
  runAt?: Date;
  maxAttempts?: number;
};

/**
 * Inserts one job with the caller's client: pass the transaction client (`tx`) so the job commits or
 * rolls back with the caller's change. Returns true when inserted, false when the key was taken.
 */
export async function enqueue(tx: JobDb, input: EnqueueInput): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "Job" ("id", "kind", "key", "payload", "runAt", "maxAttempts")
    VALUES (gen_random_uuid(), ${input.kind}, ${input.key ?? null}, ${JSON.stringify(input.payload ?? null)}::jsonb,
            COALESCE(${input.runAt ?? null}::timestamptz, now()), ${input.maxAttempts ?? 8})
    ON CONFLICT ("key") DO NOTHING
    RETURNING "id"::text AS "id"`;
  return rows.length === 1;
}

type Claimed = { id: string; kind: string; payload: unknown; attempts: number; maxAttempts: number };

/**
 * Claims up to `limit` due jobs of the given kinds for `worker` until now + leaseMs. Exported for tests
 * (a claim with no run is what a crashed worker leaves behind); workers use runDueJobs.
 */
export async function claimDueJobs(opts: { kinds: string[]; limit: number; worker: string; leaseMs?: number }): Promise<Claimed[]> {
  if (!opts.kinds.length || opts.limit < 1) return [];
  const release = opts.kinds.filter((k) => handlers.get(k)?.releaseKeyOnStart);
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  return db.$queryRaw<Claimed[]>`
    UPDATE "Job" SET
      "lockedUntil" = now() + ${leaseMs} * interval '1 millisecond',
      "lockedBy" = ${opts.worker},
      "attempts" = "attempts" + 1,
      "key" = CASE WHEN "kind" = ANY(${release}::text[]) THEN NULL ELSE "key" END
    WHERE "id" IN (
      SELECT "id" FROM "Job"
      WHERE "doneAt" IS NULL AND "failedAt" IS NULL AND "runAt" <= now()
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= now())
        AND "kind" = ANY(${opts.kinds}::text[])
      ORDER BY "runAt", "createdAt"
      LIMIT ${opts.limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id"::text AS "id", "kind", "payload", "attempts", "maxAttempts"`;
}

export type RunSummary = { claimed: number; done: number; retried: number; failed: number };

function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.slice(0, 2000);
}

let workerSeq = 0;
function workerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}:${++workerSeq}`;
}

/**
 * Claims the due jobs (default: of every kind registered in this process, at most 20) and runs them one
 * after the other. Tests drive the queue with it; the worker loop calls it every few seconds.
 */
export async function runDueJobs(opts: { limit?: number; kinds?: string[]; leaseMs?: number } = {}): Promise<RunSummary> {
  const worker = workerId();
  const kinds = (opts.kinds ?? registeredJobKinds()).filter((k) => handlers.has(k));
  const jobs = await claimDueJobs({ kinds, limit: opts.limit ?? 20, worker, leaseMs: opts.leaseMs });
  const summary: RunSummary = { claimed: jobs.length, done: 0, retried: 0, failed: 0 };
  for (const job of jobs) {
    const ctx: JobContext = { jobId: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.maxAttempts };
    try {
      await handlers.get(job.kind)!.handler(job.payload, ctx);
      await db.$executeRaw`
        UPDATE "Job" SET "doneAt" = now(), "lockedUntil" = NULL, "lastError" = NULL
        WHERE "id" = ${job.id}::uuid AND "lockedBy" = ${worker}`;
      summary.done++;
    } catch (err) {
      const last = job.attempts >= job.maxAttempts;
      await db.$executeRaw`
        UPDATE "Job" SET
          "lockedUntil" = NULL,
          "lastError" = ${errorText(err)},
          "failedAt" = CASE WHEN ${last} THEN now() ELSE NULL END,
          "runAt" = CASE WHEN ${last} THEN "runAt" ELSE now() + ${backoffMs(job.attempts)} * interval '1 millisecond' END
        WHERE "id" = ${job.id}::uuid AND "lockedBy" = ${worker}`;
      if (last) summary.failed++;
      else summary.retried++;
    }
  }
  return summary;
}

/**
 * Puts a failed (or waiting) job back: due now, with a fresh set of attempts. Returns false when there
 * is no such job, it is done, or a worker is running it now.
 */
export async function retryJob(id: string): Promise<boolean> {
  const n = await db.$executeRaw`
    UPDATE "Job" SET "failedAt" = NULL, "attempts" = 0, "runAt" = now(), "lockedUntil" = NULL, "lockedBy" = NULL
    WHERE "id" = ${id}::uuid AND "doneAt" IS NULL AND ("lockedUntil" IS NULL OR "lockedUntil" <= now())`;
  return n === 1;
}
