// Activation links instead of a shared password (docs/onboarding.md). HR or an admin makes a one-time link
// for a person (POST /api/users/{id}/invite; a new one revokes the open one: one live link per person);
// only the token's SHA-256 is stored, the link is in the answer for HR to hand out (printed), and with
// `send` it also goes to the person by e-mail and WhatsApp through the notifications' outbox, written in
// the same transaction (features/notifications/server/notify-invite.ts). The person sets their own
// password on /activate (POST /api/auth/activate), once, within 7 days; HR revokes with DELETE
// /api/users/{id}/invite, which also withdraws a message of the link not yet sent.
import { createHash, randomBytes } from 'node:crypto';
import { db } from '@/lib/server/db';
import { badRequest, conflict, forbidden, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { hashPassword } from '@/lib/server/auth/password';
import { assertStaff, isAdmin } from '@/lib/server/auth/policy';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Prisma } from '@/lib/generated/prisma/client';
import { dateKeyInZone, formatDateLong, formatTimeWithZone } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { inviteChannels, queueInvite, withdrawInvites, type InviteChannel } from '@/features/notifications/server/notify-invite';
import {
  INVITE_DAYS,
  INVITE_EXPIRED,
  INVITE_INVALID,
  INVITE_USED,
  type ActivateInput,
  type InviteInput,
} from '@/features/employees/validation/invites';
import type { InviteDto, InviteStatusDto } from '@/features/employees/types/invites';

type Tx = Prisma.TransactionClient;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Revokes the people's open links; a message of one not yet sent is withdrawn with it. */
export async function revokeOpenInvites(tx: Tx, userIds: readonly string[]): Promise<number> {
  if (!userIds.length) return 0;
  const revoked = await tx.userInvite.updateMany({
    where: { userId: { in: [...userIds] }, usedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  await withdrawInvites(tx, userIds);
  return revoked.count;
}

export type InvitePerson = { id: string; name: string; email: string; phone: string | null };
export type IssuedInvite = { userId: string; link: string; expiresAt: Date; sent: InviteChannel[] };
/** What sending needs, read once per request: the channels that are on, and the zone the expiry is told in. */
export type InviteSending = { channels: InviteChannel[]; zone: string } | null;

/** The channels on now and the main office's zone (the expiry's 'WIB'); null when nothing is to be sent. */
export async function inviteSending(tx: Tx, send: boolean): Promise<InviteSending> {
  if (!send) return null;
  return { channels: await inviteChannels(tx), zone: (await getMainOffice(tx)).timezone };
}

/** '5 Desember 2026 pukul 17.30 WIB' (the date as the app writes it, in `zone`). */
export const untilText = (at: Date, zone: string) => `${formatDateLong(dateKeyInZone(at, zone))} pukul ${formatTimeWithZone(at, zone)}`;

/**
 * In `tx`: a new link for `p` (the open one revoked and its unsent message withdrawn), audited `user.invite`,
 * and with `sending` queued on the channels that reach them. The token leaves only in the answer and the outbox.
 */
export async function issueInvite(
  tx: Tx,
  actor: SessionUser,
  p: InvitePerson,
  origin: string,
  sending: InviteSending,
  audit: Record<string, unknown> = {},
  /** A person created in this transaction: no open link to revoke. */
  fresh = false,
): Promise<IssuedInvite> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 86_400_000);
  const link = `${origin}/activate?token=${token}`;
  const replaced = fresh ? 0 : await revokeOpenInvites(tx, [p.id]);
  const invite = await tx.userInvite.create({ data: { userId: p.id, tokenHash: sha256(token), expiresAt, createdById: actor.id } });
  const sent = sending
    ? await queueInvite(
        tx,
        {
          inviteId: invite.id,
          userId: p.id,
          name: p.name,
          email: p.email,
          phone: p.phone,
          actor: actor.name,
          link,
          until: untilText(expiresAt, sending.zone),
        },
        sending.channels,
      )
    : [];
  await recordAudit(tx, {
    actor,
    kind: 'user.invite',
    entity: 'UserInvite',
    entityId: invite.id,
    targetUserId: p.id,
    after: { expiresAt: expiresAt.toISOString(), replaced, ...audit, ...(sending ? { sent } : {}) },
  });
  return { userId: p.id, link, expiresAt, sent };
}

async function target(actor: SessionUser, userId: string) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true, phone: true, role: true, deactivatedAt: true, pendingApproval: true },
  });
  if (!user) throw notFound('Pengguna tidak ditemukan');
  if (!isAdmin(actor) && user.role === 'admin') throw forbidden('HR tidak dapat mengelola akun administrator.');
  return user;
}

const CHANNEL_LABEL: Record<InviteChannel, string> = { email: 'e-mail', whatsapp: 'WhatsApp' };

/** POST /api/users/{id}/invite: a new link (the open one is revoked), its URL on `origin`; `send`: also by e-mail/WhatsApp. */
export async function createInvite(actor: SessionUser, userId: string, origin: string, input: InviteInput = {}): Promise<InviteDto> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat membuat tautan aktivasi.');
  const user = await target(actor, userId);
  if (user.deactivatedAt) throw conflict('Akun ini nonaktif: aktifkan kembali dulu.', 'CONFLICT');
  if (user.id === actor.id) throw conflict('Anda tidak dapat membuat tautan aktivasi untuk akun Anda sendiri.', 'CONFLICT');
  const send = input.send === true;
  const issued = await db.$transaction(async (tx) => issueInvite(tx, actor, user, origin, await inviteSending(tx, send)));
  const until = issued.expiresAt.toLocaleDateString('id-ID', { timeZone: 'Asia/Jakarta' });
  const how = !send
    ? ''
    : issued.sent.length
      ? `; dikirim lewat ${issued.sent.map((c) => CHANNEL_LABEL[c]).join(' dan ')}`
      : '; tidak terkirim: e-mail/WhatsApp belum aktif atau belum ada nomor HP, berikan tautan ini langsung';
  return {
    userId,
    name: user.name,
    email: user.email,
    link: issued.link,
    expiresAt: issued.expiresAt.toISOString(),
    message: `Tautan aktivasi untuk ${user.name} berlaku sampai ${until}${how}`,
    sent: issued.sent,
  };
}

/** GET /api/users/{id}/invite: whether a link is open, used, expired or revoked (never the link). */
export async function inviteStatus(actor: SessionUser, userId: string): Promise<InviteStatusDto> {
  assertStaff(actor);
  await target(actor, userId);
  const last = await db.userInvite.findFirst({ where: { userId }, orderBy: { createdAt: 'desc' } });
  if (!last) return { userId, status: 'none', expiresAt: null, usedAt: null };
  const status = last.usedAt ? 'used' : last.revokedAt ? 'revoked' : last.expiresAt < new Date() ? 'expired' : 'open';
  return { userId, status, expiresAt: last.expiresAt.toISOString(), usedAt: last.usedAt?.toISOString() ?? null };
}

/** DELETE /api/users/{id}/invite: the open link stops working. */
export async function revokeInvite(actor: SessionUser, userId: string): Promise<{ message: string }> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat mencabut tautan aktivasi.');
  const user = await target(actor, userId);
  return db.$transaction(async (tx) => {
    const open = await tx.userInvite.findMany({ where: { userId, usedAt: null, revokedAt: null }, select: { id: true } });
    if (!open.length) throw notFound(`Tidak ada tautan aktivasi aktif untuk ${user.name}`);
    await tx.userInvite.updateMany({ where: { id: { in: open.map((o) => o.id) } }, data: { revokedAt: new Date() } });
    await withdrawInvites(tx, [userId]);
    await recordAudit(tx, {
      actor,
      kind: 'user.invite_revoke',
      entity: 'UserInvite',
      entityId: open[0]!.id,
      targetUserId: userId,
      before: { open: open.length },
    });
    return { message: `Tautan aktivasi ${user.name} dicabut` };
  });
}

/** POST /api/auth/activate: the link's person sets a password; the link is spent, older sessions end. */
export async function activate(input: ActivateInput): Promise<{ message: string; email: string }> {
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    const invite = await tx.userInvite.findUnique({ where: { tokenHash: sha256(input.token) }, include: { user: true } });
    if (!invite || invite.revokedAt) throw badRequest(INVITE_INVALID, 'VALIDATION', { token: INVITE_INVALID });
    if (invite.usedAt) throw conflict(INVITE_USED, 'CONFLICT');
    if (invite.expiresAt < new Date()) throw badRequest(INVITE_EXPIRED, 'VALIDATION', { token: INVITE_EXPIRED });
    if (invite.user.deactivatedAt) throw badRequest(INVITE_INVALID, 'VALIDATION', { token: INVITE_INVALID });
    // Spent first and only once: a second request with the same link finds it used.
    const spent = await tx.userInvite.updateMany({ where: { id: invite.id, usedAt: null }, data: { usedAt: new Date() } });
    if (spent.count !== 1) throw conflict(INVITE_USED, 'CONFLICT');
    // A message of this link still waiting to go out has nothing left to say.
    await withdrawInvites(tx, [invite.userId]);
    await tx.user.update({
      where: { id: invite.userId },
      data: { passwordHash, mustChangePassword: false, tokenVersion: { increment: 1 }, pendingApproval: false },
    });
    const u = invite.user;
    await recordAudit(tx, {
      actor: { id: u.id, name: u.name, role: u.role },
      kind: 'auth.activate',
      entity: 'UserInvite',
      entityId: invite.id,
      targetUserId: u.id,
      after: { activated: true },
    });
    return { message: 'Akun Anda aktif. Silakan masuk dengan email dan password baru Anda.', email: u.email };
  });
}
