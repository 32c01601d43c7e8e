// A person's channels (GET/PUT /api/notifications/preferences) and web push subscriptions
// (POST /api/push/subscriptions, DELETE /api/push/subscriptions/{id}); docs/notifications.md.
// Only channels the company offers are shown or stored; the in-app inbox is always on.
import { db } from '@/lib/server/db';
import { badRequest, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import type { PreferencesInput, PushSubscriptionInput } from '@/features/notifications/validation/notifications';
import type { PreferencesDto } from '@/features/notifications/types/notifications';
import { companyChannels } from '@/features/notifications/server/notification-channels';
import { vapidKeys } from '@/features/notifications/server/transport-push';

export async function getPreferences(user: Pick<SessionUser, 'id'>): Promise<PreferencesDto> {
  const [offered, prefs, me, subs] = await Promise.all([
    companyChannels(),
    db.notificationPreference.findMany({ where: { userId: user.id } }),
    db.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true, phone: true } }),
    db.pushSubscription.findMany({ where: { userId: user.id }, orderBy: { createdAt: 'asc' } }),
  ]);
  const off = new Set(prefs.filter((p) => !p.enabled).map((p) => p.channel));
  return {
    channels: offered.map((channel) => ({
      channel,
      enabled: !off.has(channel),
      address: channel === 'email' ? me.email : channel === 'whatsapp' ? me.phone : null,
    })),
    vapidPublicKey: offered.includes('push') ? (await vapidKeys()).publicKey : null,
    pushSubscriptions: subs.map((s) => ({
      id: s.id,
      endpoint: s.endpoint,
      endpointHost: new URL(s.endpoint).host,
      userAgent: s.userAgent,
      createdAt: s.createdAt.toISOString(),
    })),
  };
}

export async function setPreferences(user: Pick<SessionUser, 'id'>, input: PreferencesInput): Promise<PreferencesDto> {
  const offered = new Set(await companyChannels());
  const unknown = input.channels.find((c) => !offered.has(c.channel));
  if (unknown) throw badRequest(`Kanal ${unknown.channel} tidak tersedia`, 'VALIDATION', { channels: 'Kanal tidak tersedia' });
  await db.$transaction(
    input.channels.map((c) =>
      db.notificationPreference.upsert({
        where: { userId_channel: { userId: user.id, channel: c.channel } },
        create: { userId: user.id, channel: c.channel, enabled: c.enabled },
        update: { enabled: c.enabled },
      }),
    ),
  );
  return getPreferences(user);
}

export async function addPushSubscription(user: SessionUser, input: PushSubscriptionInput, userAgent: string | null) {
  // An endpoint belongs to one browser: subscribing again (or as someone else on that browser) moves it.
  const row = await db.$transaction(async (tx) => {
    const saved = await tx.pushSubscription.upsert({
      where: { endpoint: input.endpoint },
      create: { userId: user.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent },
      update: { userId: user.id, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent },
    });
    await recordAudit(tx, {
      actor: user,
      kind: 'push.subscribe',
      entity: 'PushSubscription',
      entityId: saved.id,
      targetUserId: user.id,
      after: { endpointHost: new URL(input.endpoint).host },
    });
    return saved;
  });
  return { id: row.id, endpointHost: new URL(row.endpoint).host, userAgent: row.userAgent, createdAt: row.createdAt.toISOString() };
}

export async function removePushSubscription(user: SessionUser, id: string): Promise<{ ok: true }> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.pushSubscription.deleteMany({ where: { id, userId: user.id } });
    if (!count) throw notFound('Langganan notifikasi tidak ditemukan');
    await recordAudit(tx, { actor: user, kind: 'push.unsubscribe', entity: 'PushSubscription', entityId: id, targetUserId: user.id });
  });
  return { ok: true };
}
