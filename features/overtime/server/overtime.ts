// Overtime requests and assignments (docs/overtime.md). An employee asks for their own window (before or
// after the day); admin or HR assign one to an employee (optional SPKL number), who then accepts it.
// Creating locks the employee's row while it checks overlap and the 4 h/18 h caps and inserts, so two
// requests never both pass. Decisions and consent are in overtime-decisions.ts.
import { db, lockEmployee } from '@/lib/server/db';
import { conflict, forbidden, notFound, unprocessable } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { overtimeCreated } from '@/features/notifications/server/notification-events';
import { assertPeriodOpen } from '@/features/periods/server/periods';
import { dayFacts, figuresOf, type DayFacts } from '@/features/overtime/server/overtime-figures';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey, monthBounds } from '@/lib/dates';
import { capRefusal, minutesBetween, shiftEndAt, weekOf, windowInstants, type DayKind } from '@/features/overtime/lib/rules';
import {
  MSG,
  OVERTIME_FUTURE_DAYS,
  OVERTIME_PAST_DAYS,
  type OvertimeCreate,
  type OvertimeListQuery,
} from '@/features/overtime/validation/overtime';
import type { OvertimeDto } from '@/features/overtime/types/overtime';
import type { PageInfo } from '@/features/attendance/lib/history-pages';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff, isStaff } from '@/lib/server/auth/policy';

type Tx = Prisma.TransactionClient;
export const LIST_LIMIT = 500;

export const overtimeInclude = {
  user: { select: { name: true, position: true, supervisorId: true } },
} satisfies Prisma.OvertimeRequestInclude;
export type OvertimeRow = Prisma.OvertimeRequestGetPayload<{ include: typeof overtimeInclude }>;

export function toOvertimeDto(r: OvertimeRow, figures: Map<string, OvertimeDto['figures']>): OvertimeDto {
  const awaiting =
    r.status !== 'pending'
      ? null
      : r.origin === 'assignment'
        ? r.consentAt
          ? 'hr'
          : 'karyawan'
        : r.user.supervisorId && !r.supervisorApprovedAt
          ? 'atasan'
          : 'hr';
  return {
    id: r.id,
    userId: r.userId,
    userName: r.user.name,
    userPosition: r.user.position,
    date: dateToKey(r.date),
    workDate: dateKeyInZone(r.startAt, r.timezone),
    startTime: r.startTime,
    endTime: r.endTime,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    minutes: r.minutes,
    dayKind: r.dayKind as DayKind,
    weekDays: r.weekDays === 6 ? 6 : 5,
    timezone: r.timezone,
    reason: r.reason,
    origin: r.origin,
    orderNumber: r.orderNumber,
    status: r.status,
    awaiting,
    createdByName: r.createdByName,
    filedByName: r.origin === 'request' && r.createdById !== r.userId ? r.createdByName : null,
    supervisorApprovedByName: r.supervisorApprovedByName,
    supervisorInPlaceOfName: r.supervisorInPlaceOfName,
    supervisorNote: r.supervisorNote,
    singleStep: r.singleStep,
    consentAt: r.consentAt?.toISOString() ?? null,
    processedAt: r.processedAt?.toISOString() ?? null,
    processedByName: r.processedByName,
    decisionNote: r.decisionNote,
    createdAt: r.createdAt.toISOString(),
    figures: r.status === 'approved' ? (figures.get(r.id) ?? null) : null,
    convertedAt: r.convertedAt?.toISOString() ?? null,
    convertedMinutes: r.convertedMinutes,
    convertedDays: r.convertedDays,
  };
}

export async function toDtos(rows: OvertimeRow[]): Promise<OvertimeDto[]> {
  const figures = await figuresOf(rows.filter((r) => r.status === 'approved'));
  return rows.map((r) => toOvertimeDto(r, figures));
}

export async function loadOvertime(id: string): Promise<OvertimeRow> {
  const row = await db.overtimeRequest.findUnique({ where: { id }, include: overtimeInclude });
  if (!row) throw notFound(MSG.notFound);
  return row;
}

/**
 * Refuses a window over the caps, counting the employee's other overtime of the same date (the day's
 * cap or the rest-day/holiday maximum) and the working-day overtime of the ISO week (18 hours), in
 * `statuses` (pending and approved when asking; approved only when approving). Call it inside a
 * transaction that holds the employee's row lock (lockEmployee), so parallel requests are judged one
 * after the other and cannot pass a cap together.
 */
export async function assertCaps(
  tx: Tx,
  row: { userId: string; date: string; dayKind: DayKind; weekDays: 5 | 6; minutes: number; excludeId?: string },
  statuses: ('pending' | 'approved')[],
) {
  // Every other request of the employee in the ISO week: the day's total counts against the day's
  // maximum whatever its kind (two rest-day windows of one Saturday together may not pass the rest-day
  // maximum), the week's working-day total against the 18 hours.
  let dayUsed = 0;
  let weekUsed = 0;
  const { start, end } = weekOf(row.date);
  const others = await tx.overtimeRequest.findMany({
    where: {
      userId: row.userId,
      status: { in: statuses },
      date: { gte: dateKeyToDate(start), lte: dateKeyToDate(end) },
      ...(row.excludeId ? { id: { not: row.excludeId } } : {}),
    },
    select: { date: true, minutes: true, dayKind: true },
  });
  for (const o of others) {
    if (o.dayKind === 'kerja') weekUsed += o.minutes;
    if (dateToKey(o.date) === row.date) dayUsed += o.minutes;
  }
  const refusal = capRefusal({ date: row.date, dayKind: row.dayKind, weekDays: row.weekDays, minutes: row.minutes, dayUsed, weekUsed });
  if (refusal) throw unprocessable(refusal.message, refusal.code);
}

/** The window's instants and length; on a working day it must start when the shift has ended. */
function planWindow(input: OvertimeCreate, facts: DayFacts) {
  const shift = facts.shiftStart && facts.shiftEnd ? { start: facts.shiftStart, end: facts.shiftEnd } : null;
  const { startAt, endAt } = windowInstants(input.date, input.startTime, input.endTime, facts.timezone, shift);
  if (shift) {
    const end = shiftEndAt(input.date, shift.start, shift.end, facts.timezone)!;
    if (startAt < end)
      throw unprocessable(`Lembur pada hari kerja dimulai setelah jam kerja berakhir (${shift.end})`, 'OVERTIME_BEFORE_SHIFT_END');
  }
  return { startAt, endAt, minutes: minutesBetween(startAt, endAt) };
}

/**
 * POST /api/overtime: an own request, or (admin, HR naming another employee) an assignment; with
 * `onBehalf`, overtime the employee worked, recorded for them as their request (any day of an open
 * period; decided as a request, never by whoever recorded it).
 */
export async function createOvertime(actor: SessionUser, input: OvertimeCreate): Promise<OvertimeDto> {
  const userId = input.userId ?? actor.id;
  const forOther = userId !== actor.id;
  if (forOther) assertStaff(actor, 'Anda hanya dapat mengajukan lembur untuk diri sendiri.');
  const onBehalf = forOther && !!input.onBehalf;
  const assignment = forOther && !onBehalf;
  const target = await db.user.findUnique({ where: { id: userId }, select: { id: true, pendingApproval: true } });
  if (!target || target.pendingApproval) throw notFound('Karyawan tidak ditemukan');
  const facts = await dayFacts(userId, input.date);
  const today = dateKeyInZone(new Date(), facts.timezone);
  // Recorded on someone's behalf: any day of an open period (the period lock below refuses a closed one).
  if (!onBehalf && input.date < addDays(today, -OVERTIME_PAST_DAYS))
    throw unprocessable(`Lembur hanya dapat dicatat paling lambat ${OVERTIME_PAST_DAYS} hari setelah tanggalnya`, 'OVERTIME_TOO_OLD');
  if (input.date > addDays(today, OVERTIME_FUTURE_DAYS))
    throw unprocessable(`Lembur hanya dapat diajukan paling cepat ${OVERTIME_FUTURE_DAYS} hari sebelum tanggalnya`, 'OVERTIME_TOO_FAR');
  const window = planWindow(input, facts);

  const id = await db.$transaction(async (tx) => {
    await assertPeriodOpen(tx, input.date);
    await lockEmployee(tx, userId);
    const overlap = await tx.overtimeRequest.findFirst({
      where: { userId, status: { in: ['pending', 'approved'] }, startAt: { lt: window.endAt }, endAt: { gt: window.startAt } },
      select: { date: true, startTime: true, endTime: true },
    });
    if (overlap)
      throw conflict(
        `Sudah ada lembur pada jam tersebut (${dateToKey(overlap.date)} ${overlap.startTime}–${overlap.endTime})`,
        'OVERTIME_OVERLAP',
      );
    await assertCaps(tx, { userId, date: input.date, dayKind: facts.dayKind, weekDays: facts.weekDays, minutes: window.minutes }, [
      'pending',
      'approved',
    ]);
    const row = await tx.overtimeRequest.create({
      data: {
        userId,
        date: dateKeyToDate(input.date),
        startTime: input.startTime,
        endTime: input.endTime,
        ...window,
        dayKind: facts.dayKind,
        weekDays: facts.weekDays,
        timezone: facts.timezone,
        shiftStart: facts.shiftStart,
        shiftEnd: facts.shiftEnd,
        reason: input.reason,
        origin: assignment ? 'assignment' : 'request',
        orderNumber: assignment ? input.orderNumber : null,
        createdById: actor.id,
        createdByName: actor.name,
        consentAt: assignment ? null : new Date(),
      },
    });
    await recordAudit(tx, {
      actor,
      kind: assignment ? 'overtime.assign' : onBehalf ? 'overtime.file_on_behalf' : 'overtime.request',
      entity: 'OvertimeRequest',
      entityId: row.id,
      targetUserId: userId,
      after: {
        date: input.date,
        startTime: input.startTime,
        endTime: input.endTime,
        minutes: window.minutes,
        dayKind: facts.dayKind,
        orderNumber: row.orderNumber,
      },
      note: input.reason,
    });
    await overtimeCreated(tx, row.id, actor);
    return row.id;
  });
  return (await toDtos([await loadOvertime(id)]))[0]!;
}

/**
 * GET /api/overtime: admin and HR see everyone; anyone else sees their own and their team's (employees
 * whose supervisor they are). Newest day first, at most LIST_LIMIT rows.
 */
export async function listOvertime(actor: SessionUser, q: OvertimeListQuery): Promise<OvertimeDto[]> {
  const rows = await db.overtimeRequest.findMany({
    where: await listWhere(actor, q),
    include: overtimeInclude,
    orderBy: [{ date: 'desc' }, { startAt: 'desc' }, { id: 'desc' }],
    take: LIST_LIMIT,
  });
  return toDtos(rows);
}

/** GET /api/overtime?page=…: one page of the same list, newest day first, with the total (X-Total-Count). */
export async function pageOvertime(actor: SessionUser, q: OvertimeListQuery): Promise<{ items: OvertimeDto[] } & PageInfo> {
  const where = await listWhere(actor, q);
  const page = q.page ?? 1;
  const pageSize = q.limit ?? 20;
  const [rows, total] = await Promise.all([
    db.overtimeRequest.findMany({
      where,
      include: overtimeInclude,
      orderBy: [{ date: 'desc' }, { startAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.overtimeRequest.count({ where }),
  ]);
  return { items: await toDtos(rows), page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

async function listWhere(actor: SessionUser, q: OvertimeListQuery): Promise<Prisma.OvertimeRequestWhereInput> {
  let scope: Prisma.OvertimeRequestWhereInput;
  if (isStaff(actor)) scope = q.userId ? { userId: q.userId } : {};
  else if (q.userId && q.userId !== actor.id) {
    const member = await db.user.count({ where: { id: q.userId, supervisorId: actor.id } });
    if (!member) throw forbidden();
    scope = { userId: q.userId };
  } else scope = q.userId ? { userId: actor.id } : { OR: [{ userId: actor.id }, { user: { supervisorId: actor.id } }] };
  return {
    ...scope,
    ...(q.status ? { status: q.status } : {}),
    ...(q.startDate || q.endDate
      ? { date: { ...(q.startDate ? { gte: dateKeyToDate(q.startDate) } : {}), ...(q.endDate ? { lte: dateKeyToDate(q.endDate) } : {}) } }
      : {}),
    AND: [
      q.month ? { date: { gte: dateKeyToDate(monthBounds(q.month).first), lte: dateKeyToDate(monthBounds(q.month).last) } } : {},
      q.officeId ? { user: { homeOfficeId: q.officeId } } : {},
    ],
  };
}
