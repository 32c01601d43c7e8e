// Registers every job handler of the app (lib/server/jobs/queue.ts, docs/jobs.md): one import per
// feature module that calls registerJobHandler. The worker loop's start (lib/server/jobs/start.ts) and
// tests that drive the queue (runDueJobs) import this file.
import '@/features/daily-close/server/reclassify-queue';
import '@/features/notifications/server/notification-jobs';
import '@/features/webhooks/server/webhook-jobs';
import '@/lib/server/jobs/housekeeping';

/** Recurring chains that a worker starts (each enqueues its own next run under a dedupe key: one chain for all instances). */
export async function seedRecurringJobs(): Promise<void> {
  const { seedNotificationPlanner } = await import('@/features/notifications/server/notification-jobs');
  const { seedJobPurge } = await import('@/lib/server/jobs/housekeeping');
  await seedNotificationPlanner();
  await seedJobPurge();
}
