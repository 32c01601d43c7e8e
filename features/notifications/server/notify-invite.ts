// Activation links through the outbox (docs/notifications.md, docs/onboarding.md). In the transaction that
// makes the link, queueInvite() writes the person's notification 'account.invite' (already read: it is no
// news in their own bell), one delivery per channel that reaches them (e-mail: their address, when the
// company's e-mail channel is configured and on; WhatsApp: their phone number, the same for WhatsApp; never
// push, never the person's own switches: they have not signed in yet) and one delivery job each. The link
// is a secret: the notification's `link` holds it only while a delivery of it is pending. It is emptied
// when the last delivery is sent or has failed for good (settleInvite, from the delivery job), and when the
// link stops working (withdrawInvites: revoked, replaced, used), which also deletes the deliveries not yet
// sent, so a revoked link is never sent late.
import type { Prisma } from '@/lib/generated/prisma/client';
import { enqueue } from '@/lib/server/jobs/queue';
import { message } from '@/features/notifications/lib/templates';
import { companyChannels } from '@/features/notifications/server/notification-channels';
import { DELIVER_JOB, DELIVERY_ATTEMPTS } from '@/features/notifications/server/notify';

type Tx = Prisma.TransactionClient;
export const INVITE_KIND = 'account.invite';
export type InviteChannel = 'email' | 'whatsapp';

export type InviteMessage = {
  inviteId: string;
  userId: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** Who made the link (the text names them). */
  actor: string;
  /** The link itself, with its token. */
  link: string;
  /** '5 Desember 2026 pukul 17.30 WIB'. */
  until: string;
};

/** The channels an activation link can go out on now (configured on the server and on for the company). */
export async function inviteChannels(tx: Tx): Promise<InviteChannel[]> {
  return (await companyChannels(tx)).filter((c): c is InviteChannel => c === 'email' || c === 'whatsapp');
}

/**
 * Queues one person's activation link on the channels that reach them (`channels`: inviteChannels()).
 * Returns the channels it went to (none: nothing written). Keyed by the invite: once per link.
 */
export async function queueInvite(tx: Tx, m: InviteMessage, channels: readonly InviteChannel[]): Promise<InviteChannel[]> {
  const to: { channel: InviteChannel; address: string }[] = [];
  if (channels.includes('email') && m.email) to.push({ channel: 'email', address: m.email });
  if (channels.includes('whatsapp') && m.phone) to.push({ channel: 'whatsapp', address: m.phone });
  if (!to.length) return [];
  const text = message(INVITE_KIND, { name: m.name, actor: m.actor, until: m.until, link: m.link });
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "Notification" ("id", "userId", "kind", "title", "body", "link", "key", "readAt")
    VALUES (gen_random_uuid(), ${m.userId}::uuid, ${INVITE_KIND}, ${text.title}, ${text.body}, ${text.link},
            ${`invite:${m.inviteId}`}, now())
    ON CONFLICT ("key") DO NOTHING
    RETURNING "id"::text AS id`;
  if (!rows.length) return [];
  for (const { channel, address } of to) {
    const [d] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "NotificationDelivery" ("id", "notificationId", "channel", "address", "updatedAt")
      VALUES (gen_random_uuid(), ${rows[0]!.id}::uuid, ${channel}::"NotificationChannel", ${address}, now())
      RETURNING "id"::text AS id`;
    await enqueue(tx, { kind: DELIVER_JOB, payload: { deliveryId: d!.id }, key: `delivery:${d!.id}`, maxAttempts: DELIVERY_ATTEMPTS });
  }
  return to.map((t) => t.channel);
}

/**
 * The people's activation links stopped working (revoked, replaced by a new one, used): their messages
 * not yet sent are withdrawn (deliveries deleted: a job finds nothing to send) and every link is emptied.
 */
export async function withdrawInvites(tx: Tx, userIds: readonly string[]): Promise<void> {
  if (!userIds.length) return;
  await tx.$executeRaw`
    DELETE FROM "NotificationDelivery" d USING "Notification" n
    WHERE d."notificationId" = n.id AND n."userId" = ANY(${userIds}::uuid[]) AND n.kind = ${INVITE_KIND}
      AND d.status = 'pending'`;
  await tx.$executeRaw`
    UPDATE "Notification" SET "link" = NULL
    WHERE "userId" = ANY(${userIds}::uuid[]) AND kind = ${INVITE_KIND} AND "link" IS NOT NULL`;
}

/**
 * After a delivery of an activation link is settled: when none of the notification's deliveries is still
 * pending, the link is emptied. The notification's row is locked first, so two channels finishing at once
 * cannot both see the other still pending.
 */
export async function settleInvite(tx: Tx, notificationId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Notification" WHERE "id" = ${notificationId}::uuid FOR UPDATE`;
  await tx.$executeRaw`
    UPDATE "Notification" n SET "link" = NULL
    WHERE n.id = ${notificationId}::uuid AND n."link" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "NotificationDelivery" d WHERE d."notificationId" = n.id AND d.status = 'pending')`;
}

/** An error's text without the link's token (a gateway may echo the message back, maybe cut short, in its answer). */
export function redact(text: string, link: string | null): string {
  if (!link) return text;
  const token = new URL(link, 'http://x').searchParams.get('token');
  return (token ? text.split(token).join('…') : text).replace(/token=[A-Za-z0-9_-]+/g, 'token=…');
}
