// Leave requests: apply (an employee for themselves, or admin and HR on an employee's behalf; the type's
// policy and backdating window, the balance, no overlap) and the DTO. Lists are in leave-list.ts;
// decisions, cancellation, attachments and the team calendar in leave-decisions.ts; the balance ledger in
// leave-ledger.ts (docs/leave.md).
// Apply locks the employee's row while it checks for overlap and inserts, so two applications never both pass.
import { db, lockEmployee } from '@/lib/server/db';
import { badRequest, conflict, forbidden, unprocessable, type CodeFor } from '@/lib/server/errors';
import { calendarDays, zoneOf } from '@/features/calendar/server/calendar';
import { assertPeriodOpen } from '@/features/periods/server/periods';
import { annualType, resolveLeaveType } from '@/features/leave/server/leave-types';
import { balanceOf, ensureLedger } from '@/features/leave/server/leave-ledger';
import { availableOn, COMPENSATORY_CODE, expireCompensatory } from '@/features/leave/server/leave-compensatory';
import { todayKey } from '@/features/leave/lib/ledger-rules';
import { readAttachment } from '@/lib/server/attachment';
import { durationText, lengthInMonths, monthsEnd } from '@/features/leave/lib/duration';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey, daysInclusive, formatDateShort, timeToMinutes } from '@/lib/dates';
import { MAX_LEAVE_HORIZON_DAYS, MAX_PENDING_LEAVES, MSG, type LeaveApplyInput } from '@/features/leave/validation/leave';
import type { LeaveDto } from '@/features/leave/types/leave';
import type { LeaveTypeConfig, Prisma } from '@/lib/generated/prisma/client';
import type { SessionUser } from '@/lib/server/auth/session';
import { isStaff, assertEmployee } from '@/lib/server/auth/policy';
import { recordAudit } from '@/lib/server/audit';
import { leaveSubmitted } from '@/features/notifications/server/notification-events';
import { UUID_PATTERN } from '@/lib/validation/common';

type Actor = Pick<SessionUser, 'id' | 'role'>;

export const leaveInclude = {
  user: { select: { name: true, position: true, supervisorId: true } },
  processedBy: { select: { name: true } },
  leaveType: { select: { name: true } },
  steps: { orderBy: { createdAt: 'asc' } },
} satisfies Prisma.LeaveRequestInclude;

/** Every column but the attachment's bytes (lists never carry files). */
export const leaveOmit = { attachment: true } satisfies Prisma.LeaveRequestOmit;

export type LeaveRow = Prisma.LeaveRequestGetPayload<{ include: typeof leaveInclude; omit: typeof leaveOmit }>;

/** Numbers as Indonesians write them: 0,5. */
export const fmtDays = (n: number) => n.toLocaleString('id-ID', { maximumFractionDigits: 2 });

export function toLeaveDto(r: LeaveRow): LeaveDto {
  const startDate = dateToKey(r.startDate);
  const endDate = dateToKey(r.endDate);
  const awaiting = r.status !== 'pending' ? null : r.user.supervisorId && !r.supervisorApprovedAt ? 'atasan' : 'hr';
  return {
    id: r.id,
    _id: r.id,
    userId: r.userId,
    userName: r.user.name,
    userPosition: r.user.position,
    type: r.type,
    leaveTypeId: r.leaveTypeId,
    leaveTypeName: r.leaveType?.name ?? r.type,
    category: r.category,
    halfDay: r.halfDay,
    hours: r.hours,
    permitKind: r.permitKind,
    reason: r.reason,
    startDate,
    endDate,
    days: r.days ?? daysInclusive(startDate, endDate),
    hasAttachment: !!r.attachmentMime,
    awaiting,
    supervisorId: r.user.supervisorId,
    steps: r.steps.map((s) => ({
      step: s.step,
      decision: s.decision,
      actorName: s.actorName,
      actorRole: s.actorRole,
      note: s.note,
      at: s.createdAt.toISOString(),
      inPlaceOfName: s.inPlaceOfName,
    })),
    appliedAt: r.appliedAt.toISOString(),
    status: r.status,
    processedAt: r.processedAt?.toISOString() ?? null,
    processedByName: r.processedBy?.name ?? null,
    filedByName: r.filedByName,
    singleStep: r.singleStep,
  };
}

const fail = (field: string, message: string, code: CodeFor<400> = 'VALIDATION') => badRequest(message, code, { [field]: message });

/**
 * A leave's length: the working days of the employee's calendar inside the range (holidays, cuti bersama
 * days off and rest days are not counted), or calendar days when the type says so; half a day is 0.5; an
 * hourly permission is 0 days (its hours are kept apart). Half days and permissions need a working day.
 */
export async function leaveLength(
  userId: string,
  type: Pick<LeaveTypeConfig, 'calendarDays'>,
  start: string,
  end: string,
  part: { halfDay?: string | null; hours?: number | null } = {},
): Promise<number> {
  if (type.calendarDays && !part.halfDay && !part.hours) return daysInclusive(start, end);
  const working = (await calendarDays([userId], start, end)).filter((d) => d.status === 'kerja').length;
  if (part.hours) return working ? 0 : -1;
  if (part.halfDay) return working ? 0.5 : -1;
  return working || -1;
}

/** Hours of work on a day of the employee's schedule: the shift less its break (08:00-17:00 with an hour's break: 8); null on a day off. */
export async function dailyHours(userId: string, date: string): Promise<number | null> {
  const [day] = await calendarDays([userId], date, date);
  if (!day?.shiftStart || !day.shiftEnd || day.status !== 'kerja') return null;
  let minutes = timeToMinutes(day.shiftEnd) - timeToMinutes(day.shiftStart);
  if (minutes <= 0) minutes += 24 * 60;
  minutes -= day.breakMinutes ?? 0;
  return minutes > 0 ? minutes / 60 : null;
}

/**
 * What a request takes from the annual balance: nothing when its type does not deduct; an hourly
 * permission its hours ÷ that day's working hours (4 of 8 hours: 0,5 day; to 4 decimals); else its days.
 */
export async function balanceCost(
  userId: string,
  type: Pick<LeaveTypeConfig, 'deductsBalance' | 'code'>,
  leave: { startDate: string; days: number; hours?: number | null },
): Promise<number> {
  if (!type.deductsBalance && type.code !== COMPENSATORY_CODE) return 0;
  if (!leave.hours) return leave.days;
  const daily = await dailyHours(userId, leave.startDate);
  return daily ? Math.round((leave.hours / daily) * 10000) / 10000 : 0;
}

/**
 * The ledger a request with a cost takes from: Cuti Pengganti's own credits for its type (docs/leave.md,
 * "Cuti pengganti"), else the one annual balance (Cuti Tahunan's ledger).
 */
export async function ledgerTypeOf(type: LeaveTypeConfig): Promise<LeaveTypeConfig | null> {
  return type.code === COMPENSATORY_CODE ? type : annualType();
}

/**
 * Refuses a cost above what the ledger holds (inside the transaction, the employee's row locked): the
 * annual balance, or the Cuti Pengganti credits still valid on the leave's last day.
 */
export async function assertBalance(
  tx: Prisma.TransactionClient,
  userId: string,
  ledger: LeaveTypeConfig,
  cost: number,
  endDate: string,
  size: string,
  verb: 'diajukan' | 'diminta',
): Promise<void> {
  if (ledger.code === COMPENSATORY_CODE) {
    await expireCompensatory(todayKey(), userId, tx);
    const left = await availableOn(tx, userId, ledger.id, endDate);
    if (cost > left)
      throw unprocessable(
        `Sisa cuti pengganti yang berlaku s.d. ${endDate} tidak mencukupi: sisa ${fmtDays(left)} hari, ${verb} ${size}`,
        'LEAVE_BALANCE',
      );
    return;
  }
  const balance = await balanceOf(tx, userId, ledger.id);
  if (cost > balance)
    throw unprocessable(`Sisa cuti tahunan tidak mencukupi: sisa ${fmtDays(balance)} hari, ${verb} ${size}`, 'LEAVE_BALANCE');
}

/** The words of a request's size in the balance message: "2 hari" or "4 jam (0,5 hari)". */
export const costText = (cost: number, hours?: number | null) =>
  hours ? `${fmtDays(hours)} jam (${fmtDays(cost)} hari)` : `${fmtDays(cost)} hari`;

/** The type's policy, in order: half day / hours allowed, notice, longest request, attachment. */
function checkPolicy(type: LeaveTypeConfig, input: LeaveApplyInput, today: string, days: number): void {
  if (input.halfDay && !type.halfDayAllowed) throw fail('halfDay', `${type.name} tidak dapat diambil setengah hari`);
  if (input.hours && !type.hourlyAllowed) throw fail('hours', `${type.name} tidak dapat diambil per jam`);
  // Notice only where the type asks for some: a type with none may start today, or back to its backdating window.
  if (type.minNoticeDays > 0 && input.startDate < addDays(today, type.minNoticeDays)) {
    throw fail('startDate', `${type.name} harus diajukan paling lambat ${type.minNoticeDays} hari sebelum tanggal mulai`, 'LEAVE_NOTICE');
  }
  // The type's figures are in its unit: days, or calendar months (docs/leave.md, "Length").
  const months = type.durationUnit === 'bulan';
  const size = months ? lengthInMonths(input.startDate, input.endDate) : days;
  const limit = type.maxDays ?? type.quotaPerEvent;
  if (limit != null && size > limit) {
    const until = months ? ` (sampai ${formatDateShort(monthsEnd(input.startDate, limit))})` : '';
    throw unprocessable(
      `Melebihi kuota ${type.name}: maksimal ${durationText(limit, type.durationUnit)}${until}, diajukan ${durationText(size, type.durationUnit)}`,
      'LEAVE_QUOTA',
    );
  }
  if (type.attachmentRequired && size >= (type.attachmentFromDays ?? 0) && !input.attachment) {
    const from = type.attachmentFromDays ? ` untuk ${durationText(type.attachmentFromDays, type.durationUnit)} atau lebih` : '';
    throw fail('attachment', `Lampiran (surat dokter) wajib untuk ${type.name}${from}`, 'LEAVE_ATTACHMENT_REQUIRED');
  }
}

/**
 * Whose leave it is: the caller's own (an employee), or with `userId` naming someone else, an employee's
 * filed by admin or HR on their behalf (any type; recorded as filedBy and audited).
 */
async function ownerOf(actor: Actor, input: LeaveApplyInput): Promise<{ ownerId: string; onBehalf: boolean }> {
  const named = input.userId?.toLowerCase();
  if (named === undefined || named === actor.id) {
    assertEmployee(actor, 'Hanya karyawan yang dapat mengajukan cuti untuk dirinya sendiri.');
    return { ownerId: actor.id, onBehalf: false };
  }
  if (!isStaff(actor)) throw forbidden('Anda hanya dapat mengajukan cuti untuk diri sendiri.');
  if (!UUID_PATTERN.test(named)) throw fail('userId', 'Karyawan tidak ditemukan');
  const target = await db.user.findUnique({ where: { id: named }, select: { role: true, pendingApproval: true, deactivatedAt: true } });
  if (!target || target.pendingApproval || target.deactivatedAt) throw fail('userId', 'Karyawan tidak ditemukan');
  if (target.role !== 'employee') throw fail('userId', MSG.forEmployee);
  return { ownerId: named, onBehalf: true };
}

export async function applyLeave(actor: SessionUser, input: LeaveApplyInput): Promise<LeaveDto> {
  const { ownerId, onBehalf } = await ownerOf(actor, input);
  // Today in the zone the calendar gives the employee's days (home office, else the main office).
  const today = dateKeyInZone(new Date(), await zoneOf(ownerId, input.startDate));
  if (input.startDate > addDays(today, MAX_LEAVE_HORIZON_DAYS))
    throw badRequest(MSG.startTooFar, 'VALIDATION', { startDate: MSG.startTooFar });
  const type = await resolveLeaveType(input);
  // The type's backdating window (Sakit: a week back by default; most types: from today on).
  if (input.startDate < addDays(today, -type.backdateDays)) {
    const message = type.backdateDays ? MSG.startBackdate(type.name, type.backdateDays) : MSG.startPast;
    throw badRequest(message, 'VALIDATION', { startDate: message });
  }
  const days = await leaveLength(ownerId, type, input.startDate, input.endDate, input);
  if (days < 0) throw fail('startDate', 'Tidak ada hari kerja pada tanggal yang dipilih', 'LEAVE_NO_WORKING_DAY');
  checkPolicy(type, input, today, days);
  const file = input.attachment ? await readAttachment(input.attachment) : null;
  const cost = await balanceCost(ownerId, type, { startDate: input.startDate, days, hours: input.hours });
  const annual = cost > 0 ? await ledgerTypeOf(type) : null;
  if (annual && annual.code !== COMPENSATORY_CODE) await ensureLedger(ownerId, today);

  const start = dateKeyToDate(input.startDate);
  const end = dateKeyToDate(input.endDate);
  const created = await db.$transaction(async (tx) => {
    // A closed month refuses it here with its message (the database's lock trigger is the backstop).
    await assertPeriodOpen(tx, { from: input.startDate, to: input.endDate });
    // Serialises this employee's applications: a second one waits here until the first commits,
    // then sees its row in the overlap check.
    await lockEmployee(tx, ownerId);
    const pending = await tx.leaveRequest.count({ where: { userId: ownerId, status: 'pending' } });
    if (pending >= MAX_PENDING_LEAVES) throw conflict(MSG.tooManyPending, 'TOO_MANY_PENDING_LEAVES');
    const clashes = await tx.leaveRequest.findMany({
      where: { userId: ownerId, status: { in: ['pending', 'approved'] }, startDate: { lte: end }, endDate: { gte: start } },
      orderBy: { startDate: 'asc' },
      select: { startDate: true, endDate: true, status: true, halfDay: true },
    });
    // Two halves of one day (pagi and siang) do not overlap.
    const clash = clashes.find((c) => !(input.halfDay && c.halfDay && c.halfDay !== input.halfDay));
    if (clash) {
      const range = `${formatDateShort(dateToKey(clash.startDate))} - ${formatDateShort(dateToKey(clash.endDate))}`;
      const state = clash.status === 'approved' ? 'disetujui' : 'menunggu persetujuan';
      throw conflict(`Tanggal cuti bertabrakan dengan pengajuan lain yang ${state} (${range})`, 'LEAVE_OVERLAP');
    }
    // Every type that deducts takes from the one annual balance; Cuti Pengganti from its own credits.
    if (annual) await assertBalance(tx, ownerId, annual, cost, input.endDate, costText(cost, input.hours), 'diajukan');
    const row = await tx.leaveRequest.create({
      data: {
        userId: ownerId,
        ...(onBehalf ? { filedById: actor.id, filedByName: actor.name } : {}),
        type: type.legacyType,
        leaveTypeId: type.id,
        category: type.category,
        startDate: start,
        endDate: end,
        halfDay: input.halfDay ?? null,
        hours: input.hours ?? null,
        permitKind: input.hours ? (input.permitKind ?? null) : null,
        days,
        reason: input.reason,
        ...(file
          ? { attachment: file.bytes, attachmentMime: file.mime, attachmentName: file.name, attachmentSize: file.bytes.length }
          : {}),
      },
      include: leaveInclude,
      omit: leaveOmit,
    });
    // Filing in someone else's name is a privileged change (docs/audit.md).
    if (onBehalf)
      await recordAudit(tx, {
        actor,
        kind: 'leave.file_on_behalf',
        entity: 'LeaveRequest',
        entityId: row.id,
        targetUserId: ownerId,
        after: { type: type.code, startDate: input.startDate, endDate: input.endDate, days, attachment: !!file },
        note: input.reason,
      });
    await leaveSubmitted(tx, row.id, actor);
    return row;
  });
  return toLeaveDto(created);
}
