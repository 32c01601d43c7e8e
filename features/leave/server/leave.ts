// Leave requests: apply (own only; the type's policy, the balance, no overlap), follow (own list and stats),
// list (admin, HR; a supervisor's team). Decisions, cancellation, attachments and the team calendar are in
// leave-decisions.ts; the balance ledger in leave-ledger.ts (docs/leave.md).
// Apply locks the employee's row while it checks for overlap and inserts, so two applications never both pass.
import { db, lockEmployee } from '@/lib/server/db';
import { badRequest, conflict, forbidden, unprocessable, type CodeFor } from '@/lib/server/errors';
import { calendarDays, zoneOf } from '@/features/calendar/server/calendar';
import { assertPeriodOpen } from '@/features/periods/server/periods';
import { annualType, resolveLeaveType } from '@/features/leave/server/leave-types';
import { balanceOf, ensureLedger } from '@/features/leave/server/leave-ledger';
import { readAttachment } from '@/lib/server/attachment';
import { durationText, lengthInMonths, monthsEnd } from '@/features/leave/lib/duration';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey, daysInclusive, formatDateShort, timeToMinutes } from '@/lib/dates';
import { MAX_LEAVE_HORIZON_DAYS, MAX_PENDING_LEAVES, MSG, type LeaveApplyInput, type LeaveStatus } from '@/features/leave/validation/leave';
import type { LeaveDto, LeaveStats } from '@/features/leave/types/leave';
import type { LeaveTypeConfig, Prisma } from '@/lib/generated/prisma/client';
import type { SessionUser } from '@/lib/server/auth/session';
import { isStaff, assertEmployee, assertSelfOrStaff } from '@/lib/server/auth/policy';

type Actor = Pick<SessionUser, 'id' | 'role'>;

export const DEFAULT_LIST_LIMIT = 1000;

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
    })),
    appliedAt: r.appliedAt.toISOString(),
    status: r.status,
    processedAt: r.processedAt?.toISOString() ?? null,
    processedByName: r.processedBy?.name ?? null,
  };
}

/** Employees see only themselves; admins and HR see anyone. */
function assertCanRead(actor: Actor, userId: string): void {
  assertSelfOrStaff(actor, userId, 'Anda hanya dapat melihat data cuti Anda sendiri.');
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
  type: Pick<LeaveTypeConfig, 'deductsBalance'>,
  leave: { startDate: string; days: number; hours?: number | null },
): Promise<number> {
  if (!type.deductsBalance) return 0;
  if (!leave.hours) return leave.days;
  const daily = await dailyHours(userId, leave.startDate);
  return daily ? Math.round((leave.hours / daily) * 10000) / 10000 : 0;
}

/** The words of a request's size in the balance message: "2 hari" or "4 jam (0,5 hari)". */
export const costText = (cost: number, hours?: number | null) =>
  hours ? `${fmtDays(hours)} jam (${fmtDays(cost)} hari)` : `${fmtDays(cost)} hari`;

/** The type's policy, in order: half day / hours allowed, notice, longest request, attachment. */
function checkPolicy(type: LeaveTypeConfig, input: LeaveApplyInput, today: string, days: number): void {
  if (input.halfDay && !type.halfDayAllowed) throw fail('halfDay', `${type.name} tidak dapat diambil setengah hari`);
  if (input.hours && !type.hourlyAllowed) throw fail('hours', `${type.name} tidak dapat diambil per jam`);
  if (input.startDate < addDays(today, type.minNoticeDays)) {
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

export async function applyLeave(actor: Actor, input: LeaveApplyInput): Promise<LeaveDto> {
  assertEmployee(actor, 'Hanya karyawan yang dapat mengajukan cuti.');
  if (input.userId !== undefined && input.userId.toLowerCase() !== actor.id) {
    throw forbidden('Anda hanya dapat mengajukan cuti untuk diri sendiri.');
  }
  // Today in the zone the calendar gives the employee's days (home office, else the main office).
  const today = dateKeyInZone(new Date(), await zoneOf(actor.id, input.startDate));
  if (input.startDate < today) throw badRequest(MSG.startPast, 'VALIDATION', { startDate: MSG.startPast });
  if (input.startDate > addDays(today, MAX_LEAVE_HORIZON_DAYS))
    throw badRequest(MSG.startTooFar, 'VALIDATION', { startDate: MSG.startTooFar });
  const type = await resolveLeaveType(input);
  const days = await leaveLength(actor.id, type, input.startDate, input.endDate, input);
  if (days < 0) throw fail('startDate', 'Tidak ada hari kerja pada tanggal yang dipilih', 'LEAVE_NO_WORKING_DAY');
  checkPolicy(type, input, today, days);
  const file = input.attachment ? await readAttachment(input.attachment) : null;
  const cost = await balanceCost(actor.id, type, { startDate: input.startDate, days, hours: input.hours });
  const annual = cost > 0 ? await annualType() : null;
  if (annual) await ensureLedger(actor.id, today);

  const start = dateKeyToDate(input.startDate);
  const end = dateKeyToDate(input.endDate);
  const created = await db.$transaction(async (tx) => {
    // A closed month refuses it here with its message (the database's lock trigger is the backstop).
    await assertPeriodOpen(tx, { from: input.startDate, to: input.endDate });
    // Serialises this employee's applications: a second one waits here until the first commits,
    // then sees its row in the overlap check.
    await lockEmployee(tx, actor.id);
    const pending = await tx.leaveRequest.count({ where: { userId: actor.id, status: 'pending' } });
    if (pending >= MAX_PENDING_LEAVES) throw conflict(MSG.tooManyPending, 'TOO_MANY_PENDING_LEAVES');
    const clashes = await tx.leaveRequest.findMany({
      where: { userId: actor.id, status: { in: ['pending', 'approved'] }, startDate: { lte: end }, endDate: { gte: start } },
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
    if (annual) {
      // Every type that deducts takes from the one annual balance (Cuti Tahunan's ledger).
      const balance = await balanceOf(tx, actor.id, annual.id);
      if (cost > balance)
        throw unprocessable(
          `Sisa cuti tahunan tidak mencukupi: sisa ${fmtDays(balance)} hari, diajukan ${costText(cost, input.hours)}`,
          'LEAVE_BALANCE',
        );
    }
    return tx.leaveRequest.create({
      data: {
        userId: actor.id,
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
  });
  return toLeaveDto(created);
}

export async function listUserLeaves(actor: Actor, userId: string): Promise<LeaveDto[]> {
  assertCanRead(actor, userId);
  const rows = await db.leaveRequest.findMany({
    where: { userId },
    include: leaveInclude,
    omit: leaveOmit,
    orderBy: [{ appliedAt: 'desc' }, { id: 'desc' }],
    take: DEFAULT_LIST_LIMIT,
  });
  return rows.map(toLeaveDto);
}

export async function userLeaveStats(actor: Actor, userId: string): Promise<LeaveStats> {
  assertCanRead(actor, userId);
  const groups = await db.leaveRequest.groupBy({ by: ['status'], where: { userId }, _count: { _all: true } });
  const stats: LeaveStats = { total: 0, approved: 0, pending: 0, rejected: 0, cancelled: 0 };
  for (const g of groups) {
    stats[g.status] = g._count._all;
    stats.total += g._count._all;
  }
  return stats;
}

/**
 * Admin and HR: every request; a supervisor (any role): the team's requests. Newest first. Pending
 * requests are always all there (they wait for a decision, and each employee has at most
 * MAX_PENDING_LEAVES of them); `limit` bounds only the processed ones.
 */
export async function listAllLeaves(actor: Actor, query: { status?: LeaveStatus; limit?: number } = {}): Promise<LeaveDto[]> {
  const team = isStaff(actor) ? null : { supervisorId: actor.id };
  if (team && !(await db.user.count({ where: team }))) throw forbidden();
  const scope = team ? { user: team } : {};
  const order = [{ appliedAt: 'desc' as const }, { id: 'desc' as const }];
  const take = query.limit ?? DEFAULT_LIST_LIMIT;
  const [pending, processed] = await Promise.all([
    query.status && query.status !== 'pending'
      ? []
      : db.leaveRequest.findMany({ where: { ...scope, status: 'pending' }, include: leaveInclude, omit: leaveOmit, orderBy: order }),
    query.status === 'pending'
      ? []
      : db.leaveRequest.findMany({
          where: { ...scope, ...(query.status ? { status: query.status } : { status: { not: 'pending' } }) },
          include: leaveInclude,
          omit: leaveOmit,
          orderBy: order,
          take,
        }),
  ]);
  const rows = [...pending, ...processed].sort(
    (x, y) => y.appliedAt.getTime() - x.appliedAt.getTime() || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0),
  );
  return rows.map(toLeaveDto);
}
