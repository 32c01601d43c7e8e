// The notification jobs on the one queue (lib/server/jobs/queue.ts; docs/notifications.md):
// - notification.deliver: one outbox row over its channel (notification-deliver.ts);
// - notification.plan: every 5 minutes, plans the reminders (notification-reminders.ts) and the day's
//   notices; it enqueues its own next run under the next 5-minute key, so one chain runs however many
//   instances start it (seedNotificationPlanner at the worker's start);
// - reminder.checkin / reminder.checkout: one person's reminder, keyed (kind, person, day);
// - notification.daily: the once-a-day notices (notification-daily.ts), keyed by the day.
import { db } from '@/lib/server/db';
import { enqueue, registerJobHandler } from '@/lib/server/jobs/queue';
import { dateKeyInZone, instantInZone } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { DELIVER_JOB } from '@/features/notifications/server/notify';
import { deliverNotification } from '@/features/notifications/server/notification-deliver';
import { notificationSettings } from '@/features/notifications/server/notification-channels';
import {
  CHECKIN_JOB,
  CHECKOUT_JOB,
  planReminders,
  remindCheckIn,
  remindCheckOut,
} from '@/features/notifications/server/notification-reminders';
import { runDailyNotices } from '@/features/notifications/server/notification-daily';
import { vapidKeys } from '@/features/notifications/server/transport-push';

export const PLAN_JOB = 'notification.plan';
export const DAILY_JOB = 'notification.daily';
const PLAN_EVERY_MS = 5 * 60_000;

const bucket = (t: number) => Math.floor(t / PLAN_EVERY_MS) * PLAN_EVERY_MS;

async function enqueuePlan(at: number): Promise<void> {
  await enqueue(db, { kind: PLAN_JOB, payload: {}, key: `${PLAN_JOB}:${new Date(at).toISOString()}`, runAt: new Date(at), maxAttempts: 3 });
}

/** Plans reminders, the day's notices (at the digest time in the main office's zone), then the next run. */
export async function runPlanner(now = new Date()): Promise<void> {
  try {
    await planReminders({ now });
    const s = await notificationSettings();
    const zone = (await getMainOffice()).timezone;
    const today = dateKeyInZone(now, zone);
    await enqueue(db, {
      kind: DAILY_JOB,
      payload: { date: today },
      key: `${DAILY_JOB}:${today}`,
      runAt: instantInZone(today, s.digestTime, zone),
      maxAttempts: 3,
    });
  } finally {
    await enqueuePlan(bucket(now.getTime()) + PLAN_EVERY_MS);
  }
}

/** At the worker's start: the VAPID keys exist, and the planner's chain runs (the current bucket's key: once). */
export async function seedNotificationPlanner(): Promise<void> {
  await vapidKeys();
  await enqueuePlan(bucket(Date.now()));
}

registerJobHandler(DELIVER_JOB, deliverNotification);
registerJobHandler(PLAN_JOB, () => runPlanner());
registerJobHandler(CHECKIN_JOB, remindCheckIn);
registerJobHandler(CHECKOUT_JOB, remindCheckOut);
registerJobHandler<{ date: string }>(DAILY_JOB, (p) => runDailyNotices(p.date));
