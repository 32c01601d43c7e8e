// The admin's side (docs/notifications.md): the company's channels and reminders
// (GET/PUT /api/notifications/settings) and Notifikasi Gagal, the deliveries whose every retry failed,
// with a resend (GET /api/notifications/failed, POST /api/notifications/failed/{id}/resend).
import { db } from '@/lib/server/db';
import { badRequest, conflict, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { enqueue, retryJob } from '@/lib/server/jobs/queue';
import type { SessionUser } from '@/lib/server/auth/session';
import type { NotificationSettingsInput } from '@/features/notifications/validation/notifications';
import type { FailedDeliveryDto, NotificationSettingsDto } from '@/features/notifications/types/notifications';
import { configuredChannels, notificationSettings } from '@/features/notifications/server/notification-channels';
import { DELIVER_JOB, DELIVERY_ATTEMPTS } from '@/features/notifications/server/notify';
import { INVITE_KIND } from '@/features/notifications/server/notify-invite';

const INVITE_RESEND = 'Tautan aktivasi tidak dikirim ulang dari sini: kirim tautan baru dari Kelola Karyawan (Undang).';

const settingsDto = (s: Awaited<ReturnType<typeof notificationSettings>>): NotificationSettingsDto => ({
  emailEnabled: s.emailEnabled,
  whatsappEnabled: s.whatsappEnabled,
  pushEnabled: s.pushEnabled,
  checkInReminder: s.checkInReminder,
  checkInReminderMinutes: s.checkInReminderMinutes,
  checkOutReminder: s.checkOutReminder,
  checkOutReminderMinutes: s.checkOutReminderMinutes,
  approverDigest: s.approverDigest,
  digestTime: s.digestTime,
  pendingLeaveEscalation: s.pendingLeaveEscalation,
  configured: configuredChannels(),
});

export async function getNotificationSettings(): Promise<NotificationSettingsDto> {
  return settingsDto(await notificationSettings());
}

export async function setNotificationSettings(actor: SessionUser, input: NotificationSettingsInput): Promise<NotificationSettingsDto> {
  const configured = new Set(configuredChannels());
  if (input.emailEnabled && !configured.has('email'))
    throw badRequest('E-mail belum dikonfigurasi di server (SMTP_URL)', 'VALIDATION', { emailEnabled: 'Belum dikonfigurasi' });
  if (input.whatsappEnabled && !configured.has('whatsapp'))
    throw badRequest('Gateway WhatsApp belum dikonfigurasi di server', 'VALIDATION', { whatsappEnabled: 'Belum dikonfigurasi' });
  const after = await db.$transaction(async (tx) => {
    const before = await notificationSettings(tx);
    const row = await tx.notificationSettings.update({ where: { id: 1 }, data: input });
    const { vapidPublicKey: _p, vapidPrivateKey: _k, ...shown } = before;
    await recordAudit(tx, {
      actor,
      kind: 'settings.notifications',
      entity: 'NotificationSettings',
      entityId: '1',
      before: shown,
      after: input,
    });
    return row;
  });
  return settingsDto(after);
}

export async function listFailedDeliveries(): Promise<FailedDeliveryDto[]> {
  const rows = await db.notificationDelivery.findMany({
    where: { status: 'failed' },
    orderBy: { updatedAt: 'desc' },
    take: 200,
    include: { notification: true },
  });
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.notification.userId))] } },
    select: { id: true, name: true },
  });
  const names = new Map(users.map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    address: r.address,
    attempts: r.attempts,
    lastError: r.lastError,
    updatedAt: r.updatedAt.toISOString(),
    notification: {
      id: r.notification.id,
      kind: r.notification.kind,
      title: r.notification.title,
      userId: r.notification.userId,
      userName: names.get(r.notification.userId) ?? null,
      createdAt: r.notification.createdAt.toISOString(),
    },
  }));
}

/** Puts a failed delivery back on the queue with a fresh set of attempts. */
export async function resendDelivery(actor: SessionUser, id: string): Promise<{ message: string }> {
  const d = await db.notificationDelivery.findUnique({
    where: { id },
    include: { notification: { select: { userId: true, kind: true } } },
  });
  if (!d) throw notFound('Notifikasi tidak ditemukan');
  if (d.status !== 'failed') throw conflict('Notifikasi ini tidak gagal terkirim', 'CONFLICT');
  // Its link was emptied when it failed for good (docs/notifications.md): a new link is sent instead.
  if (d.notification.kind === INVITE_KIND) throw conflict(INVITE_RESEND, 'CONFLICT');
  await db.$transaction(async (tx) => {
    await tx.notificationDelivery.update({ where: { id }, data: { status: 'pending', attempts: 0 } });
    await recordAudit(tx, {
      actor,
      kind: 'notification.resend',
      entity: 'NotificationDelivery',
      entityId: id,
      targetUserId: d.notification.userId,
      before: { status: 'failed', attempts: d.attempts, lastError: d.lastError },
      after: { status: 'pending' },
    });
    const [job] = await tx.$queryRaw<{ id: string }[]>`SELECT "id"::text AS id FROM "Job" WHERE "key" = ${`delivery:${id}`}`;
    // A job cleaned away since: a new one under a new key.
    if (!job)
      await enqueue(tx, {
        kind: DELIVER_JOB,
        payload: { deliveryId: id },
        key: `delivery:${id}:${Date.now()}`,
        maxAttempts: DELIVERY_ATTEMPTS,
      });
  });
  const [job] = await db.$queryRaw<{ id: string }[]>`SELECT "id"::text AS id FROM "Job" WHERE "key" = ${`delivery:${id}`}`;
  if (job) await retryJob(job.id);
  return { message: 'Notifikasi dijadwalkan untuk dikirim ulang' };
}
