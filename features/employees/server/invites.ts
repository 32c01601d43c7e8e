// Activation links instead of a shared password (docs/onboarding.md). HR or an admin makes a one-time link
// for a person (POST /api/users/{id}/invite; a new one revokes the open one: one live link per person);
// only the token's SHA-256 is stored, the link is in the answer for HR to hand out (printed, or sent by a
// channel registered with onInviteCreated). The person sets their own password on /activate
// (POST /api/auth/activate), once, within 7 days; HR revokes with DELETE /api/users/{id}/invite.
import { createHash, randomBytes } from 'node:crypto';
import { db } from '@/lib/server/db';
import { badRequest, conflict, forbidden, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { hashPassword } from '@/lib/server/auth/password';
import { assertStaff, isAdmin } from '@/lib/server/auth/policy';
import type { SessionUser } from '@/lib/server/auth/session';
import { INVITE_DAYS, INVITE_EXPIRED, INVITE_INVALID, INVITE_USED, type ActivateInput } from '@/features/employees/validation/invites';
import type { InviteDto, InviteStatusDto } from '@/features/employees/types/invites';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A channel that delivers a new link (e-mail, WhatsApp: the notifications feature registers one). */
export type InviteSender = (invite: {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  link: string;
  expiresAt: Date;
}) => Promise<void>;
const senders: InviteSender[] = [];
/** The hook for delivery channels: each is called after a link is made; a failing channel never undoes the link. */
export function onInviteCreated(sender: InviteSender): void {
  senders.push(sender);
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

/** POST /api/users/{id}/invite: a new link (the open one is revoked), its URL on `origin`. */
export async function createInvite(actor: SessionUser, userId: string, origin: string): Promise<InviteDto> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat membuat tautan aktivasi.');
  const user = await target(actor, userId);
  if (user.deactivatedAt) throw conflict('Akun ini nonaktif: aktifkan kembali dulu.', 'CONFLICT');
  if (user.id === actor.id) throw conflict('Anda tidak dapat membuat tautan aktivasi untuk akun Anda sendiri.', 'CONFLICT');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 86_400_000);
  await db.$transaction(async (tx) => {
    const revoked = await tx.userInvite.updateMany({ where: { userId, usedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
    const invite = await tx.userInvite.create({ data: { userId, tokenHash: sha256(token), expiresAt, createdById: actor.id } });
    await recordAudit(tx, {
      actor,
      kind: 'user.invite',
      entity: 'UserInvite',
      entityId: invite.id,
      targetUserId: userId,
      after: { expiresAt: expiresAt.toISOString(), replaced: revoked.count },
    });
  });
  const link = `${origin}/activate?token=${token}`;
  for (const send of senders)
    await send({ userId, name: user.name, email: user.email, phone: user.phone, link, expiresAt }).catch(() => undefined);
  return {
    userId,
    name: user.name,
    email: user.email,
    link,
    expiresAt: expiresAt.toISOString(),
    message: `Tautan aktivasi untuk ${user.name} berlaku sampai ${expiresAt.toLocaleDateString('id-ID', { timeZone: 'Asia/Jakarta' })}`,
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
