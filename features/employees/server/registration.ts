// Self-registration: the company's policy (open, allowed e-mail domains, or admin approval), the
// per-address limit on sign-ups, and the admin's approval of waiting accounts. An account waiting for
// approval cannot log in or check in and counts in no list, report or dashboard figure.
import { db } from '@/lib/server/db';
import { getEnv } from '@/lib/env';
import { AppError, forbidden, notFound, conflict } from '@/lib/server/errors';
import { getSettingsRow } from '@/features/settings/server/settings';
import { recordAudit } from '@/lib/server/audit';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { SessionUser } from '@/lib/server/auth/session';
import type { RegistrationPolicyInput } from '@/features/employees/validation/registration';
import type { PendingAccountDto, RegistrationPolicyDto } from '@/features/employees/types/registration';
import { assertAdmin as assertAdminRole } from '@/lib/server/auth/policy';

type Tx = Prisma.TransactionClient;

export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
export const TOO_MANY_SIGNUPS =
  'Terlalu banyak pendaftaran dari alamat jaringan ini. Silakan coba lagi dalam 1 jam atau minta administrator menambahkan akun Anda.';
export const PENDING_REGISTERED = 'Registrasi berhasil. Akun Anda menunggu persetujuan administrator sebelum dapat digunakan.';
export const POLICY_SAVED = 'Kebijakan pendaftaran berhasil disimpan';

function assertAdmin(actor: SessionUser): void {
  assertAdminRole(actor, 'Hanya administrator yang dapat mengatur pendaftaran akun.');
}

export async function getRegistrationPolicy(actor: SessionUser): Promise<RegistrationPolicyDto> {
  assertAdmin(actor);
  const s = await getSettingsRow();
  return { policy: s.registrationPolicy, domains: s.registrationDomains, defaultPasswordOnboarding: s.defaultPasswordOnboarding };
}

export async function setRegistrationPolicy(
  actor: SessionUser,
  input: RegistrationPolicyInput,
): Promise<RegistrationPolicyDto & { message: string }> {
  assertAdmin(actor);
  const before = await getSettingsRow();
  const saved = await db.$transaction(async (tx) => {
    const row = await tx.settings.update({
      where: { id: 1 },
      data: {
        registrationPolicy: input.policy,
        registrationDomains: input.domains,
        ...(input.defaultPasswordOnboarding === undefined ? {} : { defaultPasswordOnboarding: input.defaultPasswordOnboarding }),
      },
    });
    await recordAudit(tx, {
      actor,
      kind: 'settings.registration',
      entity: 'Settings',
      entityId: '1',
      before: { policy: before.registrationPolicy, domains: before.registrationDomains, defaultPassword: before.defaultPasswordOnboarding },
      after: { policy: row.registrationPolicy, domains: row.registrationDomains, defaultPassword: row.defaultPasswordOnboarding },
    });
    return row;
  });
  return {
    policy: saved.registrationPolicy,
    domains: saved.registrationDomains,
    defaultPasswordOnboarding: saved.defaultPasswordOnboarding,
    message: POLICY_SAVED,
  };
}

/**
 * Runs inside the self-registration's transaction, before the account is written: one sign-up at a
 * time per address (advisory lock), at most SIGNUPS_PER_ADDRESS_PER_HOUR per address and hour
 * (counted on the audit trail's 'user.register' rows, which carry the address), then the policy.
 * Returns whether the new account waits for approval.
 */
export async function admitSelfRegistration(tx: Tx, email: string, ip: string, applyPolicy = true): Promise<{ pendingApproval: boolean }> {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`signup:${ip}`}))::text`;
  const recent = await tx.auditLog.count({
    where: { kind: 'user.register', ip, createdAt: { gte: new Date(Date.now() - SIGNUP_WINDOW_MS) } },
  });
  if (recent >= getEnv().SIGNUPS_PER_ADDRESS_PER_HOUR) throw new AppError(429, 'RATE_LIMITED', TOO_MANY_SIGNUPS);
  if (!applyPolicy) return { pendingApproval: false };
  const s = await tx.settings.findUnique({ where: { id: 1 }, select: { registrationPolicy: true, registrationDomains: true } });
  const policy = s?.registrationPolicy ?? 'open';
  if (policy === 'domains') {
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    const allowed = s?.registrationDomains ?? [];
    if (!allowed.includes(domain)) {
      throw forbidden(
        `Pendaftaran hanya untuk email dengan domain ${allowed.map((d) => `@${d}`).join(', ')}. Hubungi administrator untuk dibuatkan akun.`,
      );
    }
  }
  return { pendingApproval: policy === 'approval' };
}

export async function listPendingAccounts(actor: SessionUser): Promise<PendingAccountDto[]> {
  assertAdmin(actor);
  const rows = await db.user.findMany({
    where: { pendingApproval: true },
    select: { id: true, name: true, email: true, position: true, createdAt: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The account may log in and counts from now on. Refusing one is deleting it (DELETE /users/{id}). */
export async function approveAccount(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertAdmin(actor);
  return db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id, pendingApproval: true }, data: { pendingApproval: false } });
    const user = await tx.user.findUnique({ where: { id }, select: { name: true, email: true } });
    if (!user) throw notFound('Pengguna tidak ditemukan');
    if (count === 0) throw conflict('Akun ini sudah disetujui.', 'ALREADY_APPROVED');
    await recordAudit(tx, {
      actor,
      kind: 'user.approve',
      entity: 'User',
      entityId: id,
      targetUserId: id,
      before: { pendingApproval: true },
      after: { pendingApproval: false },
    });
    return { message: `Akun ${user.name} berhasil disetujui` };
  });
}
