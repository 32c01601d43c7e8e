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
import { INVITE_KIND, redact, settleInvite } from '@/features/notifications/server/notify-invite';
import type { Prisma } from '@/lib/generated/prisma/client';

export async function deliverNotification(payload: { deliveryId: string }, ctx: JobContext): Promise<void> {
  const d = await db.notificationDelivery.findUnique({ where: { id: payload.deliveryId }, include: { notification: true } });
  if (!d || d.status === 'sent') return;
  const n = d.notification;
  const invite = n.kind === INVITE_KIND;
  // An activation link carries its own absolute link (the secret one); emptied: it no longer works, nothing to send.
  if (invite && !n.link) return settle(d.id, n.id, true, { status: 'failed', attempts: ctx.attempt, lastError: INVITE_GONE });
  const url = invite ? n.link : absoluteLink(n.link);
  try {
    if (d.channel === 'email') await sendMail(d.address!, mailOf(n, url), `<${d.id}@absensi>`);
    else if (d.channel === 'whatsapp') await sendWhatsApp(d.address!, whatsappTextOf(n, url));
    else await sendPush(n.userId, { title: n.title, body: n.body, url: n.link ?? '/', tag: n.id });
  } catch (err) {
    const last = ctx.attempt >= ctx.maxAttempts;
    // Never the link's token in a stored error (the job's row keeps the thrown message too).
    const text = redact(err instanceof Error ? err.message : String(err), invite ? n.link : null);
    await settle(d.id, n.id, invite && last, {
      attempts: ctx.attempt,
      lastError: text.slice(0, 1000),
      status: last ? 'failed' : 'pending',
    });
    throw invite ? new Error(text) : err;
  }
  await settle(d.id, n.id, invite, { attempts: ctx.attempt, status: 'sent', deliveredAt: new Date(), lastError: null });
}

const INVITE_GONE = 'Tautan aktivasi sudah tidak berlaku (dicabut, diganti, atau dipakai) sebelum terkirim';

/** Records the attempt; an activation link's message that is done (sent or failed for good) loses its link. */
async function settle(id: string, notificationId: string, done: boolean, data: Prisma.NotificationDeliveryUpdateManyMutationInput) {
  await db.$transaction(async (tx) => {
    // updateMany: a delivery withdrawn meanwhile (its link revoked) is simply gone.
    await tx.notificationDelivery.updateMany({ where: { id }, data });
    if (done) await settleInvite(tx, notificationId);
  });
}
