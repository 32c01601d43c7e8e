// The outbox's worker side: the job 'notification.deliver' sends one NotificationDelivery over its channel
// and records each attempt (docs/notifications.md). A delivery already sent is not sent again (a job run
// twice after a crash); an error is recorded and thrown, so the queue retries it with backoff; after
// the last attempt the row is 'failed' and shows in Notifikasi Gagal with a resend.
import { db } from '@/lib/server/db';
import type { JobContext } from '@/lib/server/jobs/queue';
import { mailOf, whatsappTextOf } from '@/features/notifications/lib/templates';
import { absoluteLink } from '@/features/notifications/server/notification-channels';
import { sendMail } from '@/features/notifications/server/transport-mail';
import { sendWhatsApp } from '@/features/notifications/server/transport-whatsapp';
import { sendPush } from '@/features/notifications/server/transport-push';

export async function deliverNotification(payload: { deliveryId: string }, ctx: JobContext): Promise<void> {
  const d = await db.notificationDelivery.findUnique({ where: { id: payload.deliveryId }, include: { notification: true } });
  if (!d || d.status === 'sent') return;
  const n = d.notification;
  const url = absoluteLink(n.link);
  try {
    if (d.channel === 'email') await sendMail(d.address!, mailOf(n, url), `<${d.id}@absensi>`);
    else if (d.channel === 'whatsapp') await sendWhatsApp(d.address!, whatsappTextOf(n, url));
    else await sendPush(n.userId, { title: n.title, body: n.body, url: n.link ?? '/', tag: n.id });
  } catch (err) {
    const last = ctx.attempt >= ctx.maxAttempts;
    await db.notificationDelivery.update({
      where: { id: d.id },
      data: {
        attempts: ctx.attempt,
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
        status: last ? 'failed' : 'pending',
      },
    });
    throw err;
  }
  await db.notificationDelivery.update({
    where: { id: d.id },
    data: { attempts: ctx.attempt, status: 'sent', deliveredAt: new Date(), lastError: null },
  });
}
