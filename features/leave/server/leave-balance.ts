// A balance as the API serves it (docs/leave.md): GET /api/leaves/balance/{userId} (the annual balance, the
// other types' quotas and the ledger's rows) and an admin's or HR's adjustment with a reason. The rows are
// brought up to date by features/leave/server/leave-ledger.ts first.
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { annualType, toLeaveTypeDto } from '@/features/leave/server/leave-types';
import { balanceOf, ensureLedger } from '@/features/leave/server/leave-ledger';
import { COMPENSATORY_CODE, compensatoryType, creditsOf, expireCompensatory } from '@/features/leave/server/leave-compensatory';
import { todayKey } from '@/features/leave/lib/ledger-rules';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import type { SessionUser } from '@/lib/server/auth/session';
import type { LeaveTypeConfig, Prisma } from '@/lib/generated/prisma/client';
import { balanceCost } from '@/features/leave/server/leave';
import { LEDGER_KIND_LABELS, type BalanceAdjustInput } from '@/features/leave/validation/leave-ledger';
import type { BalanceDto, LedgerEntryDto } from '@/features/leave/types/leave-ledger';
import { assertStaff, assertSelfOrStaff, assertNotSelf } from '@/lib/server/auth/policy';

function toEntryDto(e: Prisma.LeaveLedgerEntryGetPayload<object>): LedgerEntryDto {
  return {
    id: e.id,
    leaveTypeId: e.leaveTypeId,
    kind: e.kind,
    label: LEDGER_KIND_LABELS[e.kind],
    days: e.days,
    effectiveDate: dateToKey(e.effectiveDate),
    expiresAt: e.expiresAt ? dateToKey(e.expiresAt) : null,
    note: e.note,
    actorName: e.actorName,
    leaveId: e.leaveId,
    createdAt: e.createdAt.toISOString(),
  };
}

/**
 * The annual balance and what it does not say by itself (issue 35): the days pending requests would take
 * (a request takes its days only when approved), what is left to ask for, and the future cuti bersama days
 * the ledger has already taken.
 */
async function annualBalance(userId: string, type: LeaveTypeConfig, asOf: string): Promise<NonNullable<BalanceDto['annual']>> {
  const [balance, waiting, ahead] = await Promise.all([
    balanceOf(db, userId, type.id),
    db.leaveRequest.findMany({
      where: { userId, status: 'pending', leaveType: { deductsBalance: true, code: { not: COMPENSATORY_CODE } } },
      select: { startDate: true, days: true, hours: true, leaveType: { select: { deductsBalance: true, code: true } } },
    }),
    db.leaveLedgerEntry.findMany({
      where: {
        userId,
        leaveTypeId: type.id,
        kind: { in: ['cuti_bersama', 'cuti_bersama_reversal'] },
        effectiveDate: { gt: dateKeyToDate(asOf) },
      },
      orderBy: { effectiveDate: 'asc' },
      select: { kind: true, days: true, effectiveDate: true },
    }),
  ]);
  const costs = await Promise.all(
    waiting.map((r) => balanceCost(userId, r.leaveType!, { startDate: dateToKey(r.startDate), days: r.days ?? 0, hours: r.hours })),
  );
  const round = (n: number) => Math.round(n * 10000) / 10000;
  const pending = round(costs.reduce((a, b) => a + b, 0));
  const taken = round(-ahead.reduce((a, e) => a + e.days, 0));
  const dates = ahead.filter((e) => e.kind === 'cuti_bersama').map((e) => dateToKey(e.effectiveDate));
  return {
    leaveTypeId: type.id,
    name: type.name,
    balance,
    pending,
    available: Math.max(0, round(balance - pending)),
    futureCutiBersama: { days: Math.max(0, taken), dates: taken > 0 ? dates : [] },
  };
}

/** GET /api/leaves/balance/{userId}: the owner, admin and HR. */
export async function getBalance(actor: Pick<SessionUser, 'id' | 'role'>, userId: string, asOf: string = todayKey()): Promise<BalanceDto> {
  assertSelfOrStaff(actor, userId, 'Anda hanya dapat melihat saldo cuti Anda sendiri.');
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, name: true } });
  if (!user) throw notFound('Pengguna tidak ditemukan');
  await ensureLedger(userId, asOf);
  await expireCompensatory(asOf, userId);
  const [type, others, entries, comp] = await Promise.all([
    annualType(),
    db.leaveTypeConfig.findMany({
      where: { active: true, deductsBalance: false, code: { not: COMPENSATORY_CODE } },
      orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }],
    }),
    db.leaveLedgerEntry.findMany({ where: { userId }, orderBy: [{ effectiveDate: 'desc' }, { createdAt: 'desc' }], take: 500 }),
    compensatoryType(),
  ]);
  const credits = comp?.active ? await creditsOf(db, userId, comp.id) : [];
  return {
    userId,
    userName: user.name,
    asOf,
    annual: type ? await annualBalance(userId, type, asOf) : null,
    quotas: others
      .map(toLeaveTypeDto)
      .map((t) => ({ leaveTypeId: t.id, name: t.name, quotaPerEvent: t.quotaPerEvent, maxDays: t.maxDays, durationUnit: t.durationUnit })),
    compensatory: comp?.active
      ? {
          leaveTypeId: comp.id,
          name: comp.name,
          balance: await balanceOf(db, userId, comp.id),
          credits: credits
            .filter((c) => c.remaining > 0)
            .map((c) => ({
              id: c.id,
              days: c.days,
              remaining: c.remaining,
              effectiveDate: c.effectiveDate,
              expiresAt: c.expiresAt,
              note: c.note,
            })),
        }
      : null,
    ledger: entries.map(toEntryDto),
  };
}

/** POST /api/leaves/balance/{userId}/adjust: admin or HR, with a reason; never on one's own balance. */
export async function adjustBalance(actor: SessionUser, userId: string, input: BalanceAdjustInput): Promise<BalanceDto> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat menyesuaikan saldo cuti.');
  assertNotSelf(actor, userId, 'Anda tidak dapat menyesuaikan saldo cuti Anda sendiri.');
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw notFound('Pengguna tidak ditemukan');
  const type = input.leaveTypeId ? await db.leaveTypeConfig.findUnique({ where: { id: input.leaveTypeId } }) : await annualType();
  if (!type) throw notFound('Jenis cuti tidak ditemukan');
  await db.$transaction(async (tx) => {
    const before = await balanceOf(tx, userId, type.id);
    const entry = await tx.leaveLedgerEntry.create({
      data: {
        userId,
        leaveTypeId: type.id,
        kind: 'adjustment',
        days: input.days,
        effectiveDate: dateKeyToDate(todayKey()),
        note: input.reason,
        actorId: actor.id,
        actorName: actor.name,
      },
    });
    await recordAudit(tx, {
      actor,
      kind: 'leave.balance_adjust',
      entity: 'LeaveLedgerEntry',
      entityId: entry.id,
      targetUserId: userId,
      before: { balance: before },
      after: { balance: before + input.days, days: input.days },
      note: input.reason,
    });
  });
  return getBalance(actor, userId);
}
