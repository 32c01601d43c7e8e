-- Once-a-day background jobs (lib/server/services/daily-jobs.ts): the leave ledger's automatic rows ran in every
-- instance's face worker at each start and every day, for every employee, before any re-check; now one
-- instance claims (job, day) here and runs it after the daily close.
-- CreateTable
CREATE TABLE "JobRun" (
    "job" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(3),
    "result" INTEGER,

    CONSTRAINT "JobRun_pkey" PRIMARY KEY ("job","day")
);
