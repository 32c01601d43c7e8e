-- The one background job queue (lib/server/jobs/queue.ts, docs/jobs.md). A job row is inserted in the
-- writer's own transaction (outbox: it commits or rolls back with the change that asked for it); "key"
-- collapses duplicates across instances (INSERT … ON CONFLICT ("key") DO NOTHING). Workers claim due
-- rows with FOR UPDATE SKIP LOCKED and a lease ("lockedUntil"): a crashed worker's job is claimable
-- again once its lease has passed.
-- CreateTable
CREATE TABLE "Job" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT,
    "payload" JSONB NOT NULL,
    "runAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 8,
    "lockedUntil" TIMESTAMPTZ(3),
    "lockedBy" TEXT,
    "lastError" TEXT,
    "doneAt" TIMESTAMPTZ(3),
    "failedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Job_key_key" ON "Job"("key");

-- CreateIndex
CREATE INDEX "Job_doneAt_failedAt_runAt_idx" ON "Job"("doneAt", "failedAt", "runAt");
