// Registers every job handler of the app (lib/server/jobs/queue.ts, docs/jobs.md): one import per
// feature module that calls registerJobHandler. The worker loop's start (lib/server/jobs/start.ts) and
// tests that drive the queue (runDueJobs) import this file.
import '@/features/daily-close/server/reclassify-queue';
