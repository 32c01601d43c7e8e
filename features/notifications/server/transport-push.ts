// Web push (RFC 8030/8291/8292) with web-push: the VAPID key pair is made on first start and kept in
// NotificationSettings, so every instance signs with the same keys and subscriptions survive restarts.
// A subscription the push service no longer knows (404/410) is deleted (docs/notifications.md).
import webpush from 'web-push';
import { getEnv } from '@/lib/env';
import { db } from '@/lib/server/db';
import { notificationSettings } from '@/features/notifications/server/notification-channels';

export async function vapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const s = await notificationSettings();
  if (s.vapidPublicKey && s.vapidPrivateKey) return { publicKey: s.vapidPublicKey, privateKey: s.vapidPrivateKey };
  const made = webpush.generateVAPIDKeys();
  // Two instances starting together: the first one's keys win, the other reads them back.
  await db.$executeRaw`
    UPDATE "NotificationSettings" SET "vapidPublicKey" = ${made.publicKey}, "vapidPrivateKey" = ${made.privateKey}
    WHERE "id" = 1 AND "vapidPublicKey" IS NULL`;
  const row = await db.notificationSettings.findUniqueOrThrow({ where: { id: 1 } });
  return { publicKey: row.vapidPublicKey!, privateKey: row.vapidPrivateKey! };
}

export type PushPayload = { title: string; body: string; url: string; tag: string };

/** Sends to every subscription of the person; throws when none took it (and some may later). */
export async function sendPush(userId: string, payload: PushPayload): Promise<void> {
  const subs = await db.pushSubscription.findMany({ where: { userId } });
  if (!subs.length) return;
  const keys = await vapidKeys();
  const errors: string[] = [];
  let sent = 0;
  for (const s of subs) {
    try {
      await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: getEnv().VAPID_SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 24 * 3600,
        timeout: 15_000,
      });
      sent++;
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) await db.pushSubscription.deleteMany({ where: { id: s.id } });
      else errors.push(`${new URL(s.endpoint).host}: ${status ?? ''} ${err instanceof Error ? err.message : String(err)}`.trim());
    }
  }
  if (!sent && errors.length) throw new Error(errors.join('; ').slice(0, 1000));
}
