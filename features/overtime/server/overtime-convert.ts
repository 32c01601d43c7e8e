// Cuti pengganti from overtime (docs/overtime.md, "Cuti pengganti"): approved, worked overtime settled as
// days off instead of pay. The company's setting (Settings.overtimeCompensation) decides whether it may be:
// upah — never; pilihan — the employee (or admin/HR for them) converts any approved overtime; cuti — the
// same, and the daily jobs convert worked rest-day and holiday overtime by themselves. The rate: every
// full 4 payable hours (figuresOf, the pay's own figure) are half a day. A converted overtime pays nothing
// (convertedAt: the recap, the Lembur page's totals and Rekap Saya leave it out) and the conversion is
// one conditional update, so an overtime is paid or credited, never both.
import { db, lockEmployee } from '@/lib/server/db';
import { conflict, forbidden, unprocessable } from '@/lib/server/errors';
import { recordAudit, type AuditActor } from '@/lib/server/audit';
import { assertPeriodOpen } from '@/features/periods/server/periods';
import { figuresOf, roundingMinutes } from '@/features/overtime/server/overtime-figures';
import { loadOvertime, toDtos, type OvertimeRow } from '@/features/overtime/server/overtime';
import { compensatoryDays, compensatoryType, DEFAULT_COMPENSATORY_EXPIRY_DAYS } from '@/features/leave/server/leave-compensatory';
import { addDays, dateKeyToDate, dateToKey } from '@/lib/dates';
import { MSG } from '@/features/overtime/validation/overtime';
import type { OvertimeDto } from '@/features/overtime/types/overtime';
import type { SessionUser } from '@/lib/server/auth/session';
import { isSelfOrStaff } from '@/lib/server/auth/policy';

export type CompensationPolicy = { compensation: 'upah' | 'cuti' | 'pilihan'; expiryDays: number };

export async function compensationPolicy(): Promise<CompensationPolicy> {
  const s = await db.settings.findUnique({ where: { id: 1 }, select: { overtimeCompensation: true, compensatoryLeaveExpiryDays: true } });
  return {
    compensation: s?.overtimeCompensation ?? 'upah',
    expiryDays: s?.compensatoryLeaveExpiryDays ?? DEFAULT_COMPENSATORY_EXPIRY_DAYS,
  };
}

const fmt = (n: number) => n.toLocaleString('id-ID', { maximumFractionDigits: 2 });

/** The conversion itself, for a caller already allowed to make it (the route's actor, or the daily jobs). */
async function convert(actor: AuditActor, ot: OvertimeRow, policy: CompensationPolicy) {
  if (ot.status !== 'approved') throw conflict(MSG.convertNotApproved, 'OVERTIME_ALREADY_PROCESSED');
  if (ot.convertedAt) throw conflict(MSG.convertDone, 'OVERTIME_ALREADY_PROCESSED');
  const type = await compensatoryType();
  if (!type) throw unprocessable(MSG.noCompensatoryType, 'OVERTIME_NOT_CONVERTIBLE');
  const figures = (await figuresOf([ot], await roundingMinutes())).get(ot.id)!;
  if (figures.state !== 'dihitung') throw unprocessable(MSG.convertNoFigures, 'OVERTIME_NOT_CONVERTIBLE');
  const days = compensatoryDays(figures.payableMinutes);
  if (days <= 0) throw unprocessable(MSG.convertTooShort(fmt(figures.payableMinutes / 60)), 'OVERTIME_NOT_CONVERTIBLE');
  const date = dateToKey(ot.date);
  const expiresAt = addDays(date, policy.expiryDays);
  await db.$transaction(async (tx) => {
    // The month's pay changes: a closed month refuses it (the database's lock trigger is the backstop).
    await assertPeriodOpen(tx, ot.date);
    await lockEmployee(tx, ot.userId);
    const { count } = await tx.overtimeRequest.updateMany({
      where: { id: ot.id, status: 'approved', convertedAt: null },
      data: { convertedAt: new Date(), convertedMinutes: figures.payableMinutes, convertedDays: days },
    });
    if (count === 0) throw conflict(MSG.convertDone, 'OVERTIME_ALREADY_PROCESSED');
    const credit = await tx.leaveLedgerEntry.create({
      data: {
        userId: ot.userId,
        leaveTypeId: type.id,
        kind: 'grant',
        days,
        effectiveDate: ot.date,
        expiresAt: dateKeyToDate(expiresAt),
        period: ot.id,
        idemKey: `cuti_pengganti:${ot.id}`,
        actorId: actor?.id ?? null,
        actorName: actor?.name ?? 'Sistem',
        note: `Lembur ${date} ${ot.startTime}–${ot.endTime}: ${fmt(figures.payableMinutes / 60)} jam → ${fmt(days)} hari`,
      },
    });
    await recordAudit(tx, {
      actor,
      kind: 'overtime.convert',
      entity: 'OvertimeRequest',
      entityId: ot.id,
      targetUserId: ot.userId,
      before: { paidMinutes: figures.payableMinutes, equivalentHours: figures.equivalentHours },
      after: { paidMinutes: 0, leaveDays: days, expiresAt, ledgerEntryId: credit.id, date },
    });
  });
}

/** POST /api/overtime/{id}/convert: the employee, or admin/HR for them, under the pilihan or cuti setting. */
export async function convertOvertime(actor: SessionUser, id: string): Promise<OvertimeDto> {
  const ot = await loadOvertime(id);
  if (!isSelfOrStaff(actor, ot.userId)) throw forbidden(MSG.convertOwn);
  const policy = await compensationPolicy();
  if (policy.compensation === 'upah') throw unprocessable(MSG.convertPaid, 'OVERTIME_NOT_CONVERTIBLE');
  await convert(actor, ot, policy);
  return (await toDtos([await loadOvertime(id)]))[0]!;
}

/**
 * The daily jobs under the `cuti` setting: approved rest-day and holiday overtime up to yesterday, worked
 * (figures counted) and not converted, in an open month, becomes Cuti Pengganti. Answers how many.
 */
export async function convertRestDayOvertime(today: string): Promise<number> {
  const policy = await compensationPolicy();
  if (policy.compensation !== 'cuti') return 0;
  const rows = await db.overtimeRequest.findMany({
    where: {
      status: 'approved',
      convertedAt: null,
      dayKind: { not: 'kerja' },
      date: { lt: dateKeyToDate(today), gte: dateKeyToDate(addDays(today, -62)) },
    },
    include: { user: { select: { name: true, position: true, supervisorId: true } } },
  });
  let done = 0;
  for (const ot of rows) {
    try {
      await convert(null, ot, policy);
      done++;
    } catch {
      // Not worked yet, under 4 hours, or its month closed: it stays paid overtime.
    }
  }
  return done;
}
