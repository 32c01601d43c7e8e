// Correction requests (Koreksi Absensi, docs/daily-close.md). An employee asks to correct one day; admin
// or HR (never for their own day) approve or reject it once, decided by a conditional update. An admin
// may also correct a day directly. A correction never touches the punch record: it is a row of its
// own, the day is re-classified from the facts, and the values before it are kept on the row.
import { db } from '@/lib/server/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { conflict, notFound, unprocessable } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import type { PageInfo } from '@/features/attendance/lib/history-pages';
import { correctionDecided, correctionSubmitted } from '@/features/notifications/server/notification-events';
import { privateFile, readAttachment } from '@/lib/server/attachment';
import { reclassifyDays } from '@/features/daily-close/server/reclassify';
import { assertPeriodOpen } from '@/features/periods/server/periods';
import { zoneOf, zonesOf } from '@/features/calendar/server/calendar';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertNotSelf, assertSelfOrStaff, assertStaff, isStaff } from '@/lib/server/auth/policy';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey, DEFAULT_TIMEZONE, instantInZone, monthBounds } from '@/lib/dates';
import {
  CORRECTION_MAX_AGE_DAYS,
  MSG,
  type CorrectionDecisionInput,
  type CorrectionInput,
  type CorrectionListQuery,
} from '@/features/corrections/validation/corrections';
import type { CorrectionDto } from '@/features/corrections/types/corrections';

type Tx = Prisma.TransactionClient;

const processed = () => conflict(MSG.processed, 'CORRECTION_ALREADY_PROCESSED');

export type { CorrectionDto } from '@/features/corrections/types/corrections';

const select = {
  id: true,
  userId: true,
  date: true,
  kind: true,
  checkInAt: true,
  checkOutAt: true,
  note: true,
  reason: true,
  status: true,
  direct: true,
  requestedByName: true,
  requestedAt: true,
  decidedByName: true,
  decidedAt: true,
  decisionNote: true,
  attachmentMime: true,
  original: true,
  user: { select: { name: true } },
} satisfies Prisma.AttendanceCorrectionSelect;
type Row = Prisma.AttendanceCorrectionGetPayload<{ select: typeof select }>;

function toDto(r: Row, timezone: string): CorrectionDto {
  return {
    id: r.id,
    userId: r.userId,
    userName: r.user.name,
    date: dateToKey(r.date),
    kind: r.kind,
    checkInAt: r.checkInAt?.toISOString() ?? null,
    checkOutAt: r.checkOutAt?.toISOString() ?? null,
    timezone,
    note: r.note,
    reason: r.reason,
    status: r.status,
    direct: r.direct,
    requestedBy: r.requestedByName,
    requestedAt: r.requestedAt.toISOString(),
    decidedBy: r.decidedByName,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionNote: r.decisionNote,
    hasAttachment: !!r.attachmentMime,
    original: r.original ?? null,
  };
}

/**
 * The zone a day's times are in: the office its punch record was made at, else the calendar's zone of
 * the day (features/calendar/server/calendar.ts: the home office's, else the main office's).
 */
async function zoneOfDay(userId: string, date: string): Promise<{ timezone: string; attendanceId: string | null }> {
  const record = await db.attendance.findUnique({
    where: { userId_workDate: { userId, workDate: dateKeyToDate(date) } },
    select: { id: true, office: { select: { timezone: true } } },
  });
  if (record?.office) return { timezone: record.office.timezone, attendanceId: record.id };
  return { timezone: await zoneOf(userId, date), attendanceId: record?.id ?? null };
}

/** Each row with the zone of its day as zoneOfDay decides it: one query for the records, and the calendar's zones. */
async function dtos(rows: Row[]): Promise<CorrectionDto[]> {
  if (!rows.length) return [];
  const key = (userId: string, date: Date) => `${userId}|${dateToKey(date)}`;
  const [records, zones] = await Promise.all([
    db.attendance.findMany({
      where: { OR: rows.map((r) => ({ userId: r.userId, workDate: r.date })) },
      select: { userId: true, workDate: true, office: { select: { timezone: true } } },
    }),
    zonesOf(rows.map((r) => ({ userId: r.userId, date: dateToKey(r.date) }))),
  ]);
  for (const rec of records) if (rec.office) zones.set(key(rec.userId, rec.workDate), rec.office.timezone);
  return rows.map((r) => toDto(r, zones.get(key(r.userId, r.date)) ?? DEFAULT_TIMEZONE));
}

/** GET /api/corrections: an employee sees their own; admin and HR everyone's (filters: status, userId). */
export async function listCorrections(actor: SessionUser, q: CorrectionListQuery): Promise<CorrectionDto[]> {
  const rows = await db.attendanceCorrection.findMany({
    where: listWhere(actor, q),
    select,
    orderBy: [{ requestedAt: 'desc' }, { id: 'desc' }],
    take: 500,
  });
  return dtos(rows);
}

/** GET /api/corrections?page=…: one page of the same list, newest first, with the total (X-Total-Count). */
export async function pageCorrections(actor: SessionUser, q: CorrectionListQuery): Promise<{ items: CorrectionDto[] } & PageInfo> {
  const where = listWhere(actor, q);
  const page = q.page ?? 1;
  const pageSize = q.limit ?? 20;
  const [rows, total] = await Promise.all([
    db.attendanceCorrection.findMany({
      where,
      select,
      orderBy: [{ requestedAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.attendanceCorrection.count({ where }),
  ]);
  return { items: await dtos(rows), page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

function listWhere(actor: SessionUser, q: CorrectionListQuery): Prisma.AttendanceCorrectionWhereInput {
  const userId = isStaff(actor) ? q.userId : actor.id;
  if (q.userId) assertSelfOrStaff(actor, q.userId);
  const month = q.month ? monthBounds(q.month) : null;
  return {
    ...(userId ? { userId } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(month ? { date: { gte: dateKeyToDate(month.first), lte: dateKeyToDate(month.last) } } : {}),
    ...(q.officeId ? { user: { homeOfficeId: q.officeId } } : {}),
  };
}

/** The day as it stands before a correction applies: kept on the correction, never overwritten. */
async function snapshot(tx: Tx, userId: string, date: string) {
  const [day, record] = await Promise.all([
    tx.attendanceDay.findUnique({
      where: { userId_date: { userId, date: dateKeyToDate(date) } },
      select: { status: true, checkInAt: true, checkOutAt: true, lateMinutes: true, earlyMinutes: true },
    }),
    tx.attendance.findUnique({
      where: { userId_workDate: { userId, workDate: dateKeyToDate(date) } },
      select: { id: true, checkInAt: true, checkOutAt: true, lateMinutes: true, earlyMinutes: true },
    }),
  ]);
  return { day, record } as Prisma.InputJsonValue;
}

/**
 * POST /api/corrections. Without userId (or with the caller's own): a request of the caller's own day,
 * pending, of the last CORRECTION_MAX_AGE_DAYS days. With another employee's userId: an admin's or HR's
 * correction on their behalf, applied at once (audited), for any day of an open period.
 */
export async function createCorrection(actor: SessionUser, input: CorrectionInput): Promise<CorrectionDto> {
  const userId = input.userId ?? actor.id;
  const direct = userId !== actor.id;
  if (direct) assertStaff(actor, 'Hanya admin atau HR yang dapat mengoreksi absensi karyawan secara langsung.');
  const target = await db.user.findUnique({ where: { id: userId }, select: { id: true, role: true } });
  if (!target) throw notFound('Pengguna tidak ditemukan');
  // Only employees punch and have closed days (docs/daily-close.md).
  if (target.role !== 'employee') throw unprocessable('Koreksi absensi hanya untuk karyawan', 'CORRECTION_NOT_EMPLOYEE');
  const { timezone, attendanceId } = await zoneOfDay(userId, input.date);
  const today = dateKeyInZone(new Date(), timezone);
  if (input.date > today) throw unprocessable('Tanggal koreksi tidak boleh di masa depan', 'CORRECTION_FUTURE');
  if (!direct && input.date < addDays(today, -CORRECTION_MAX_AGE_DAYS))
    throw unprocessable(`Koreksi hanya untuk ${CORRECTION_MAX_AGE_DAYS} hari terakhir`, 'CORRECTION_TOO_OLD');
  const checkInAt = input.checkIn ? instantInZone(input.date, input.checkIn, timezone) : null;
  // A check-out not after the check-in (or the record's) ends a night shift: it is on the next day.
  let checkOutAt = input.checkOut ? instantInZone(input.date, input.checkOut, timezone) : null;
  if (checkOutAt) {
    const start =
      checkInAt ??
      (attendanceId ? (await db.attendance.findUnique({ where: { id: attendanceId }, select: { checkInAt: true } }))?.checkInAt : null);
    if (start && checkOutAt <= start) checkOutAt = instantInZone(addDays(input.date, 1), input.checkOut!, timezone);
  }
  if (checkOutAt && checkOutAt > new Date()) throw unprocessable('Jam check-out tidak boleh di masa depan', 'CORRECTION_FUTURE');
  if (checkInAt && checkInAt > new Date()) throw unprocessable('Jam check-in tidak boleh di masa depan', 'CORRECTION_FUTURE');
  const file = input.attachment ? await readAttachment(input.attachment) : null;
  const now = new Date();
  let id = '';
  try {
    await db.$transaction(async (tx) => {
      // A closed month refuses it here with its message (the database's lock trigger is the backstop).
      await assertPeriodOpen(tx, input.date);
      const row = await tx.attendanceCorrection.create({
        data: {
          userId,
          date: dateKeyToDate(input.date),
          kind: input.kind,
          attendanceId,
          checkInAt,
          checkOutAt,
          note: input.note ?? null,
          reason: input.reason,
          requestedById: actor.id,
          requestedByName: actor.name,
          pendingKey: direct ? null : `${userId}|${input.date}`,
          ...(direct
            ? {
                direct: true,
                status: 'approved',
                decidedById: actor.id,
                decidedByName: actor.name,
                decidedAt: now,
                original: await snapshot(tx, userId, input.date),
              }
            : {}),
          ...(file
            ? { attachment: file.bytes, attachmentMime: file.mime, attachmentName: file.name, attachmentSize: file.bytes.length }
            : {}),
        },
        select: { id: true, original: true },
      });
      id = row.id;
      await correctionSubmitted(tx, row.id, actor);
      if (direct) {
        await reclassifyDays(tx, userId, input.date, input.date);
        await recordAudit(tx, {
          actor,
          kind: 'attendance.correction.direct',
          entity: 'AttendanceCorrection',
          entityId: row.id,
          targetUserId: userId,
          before: row.original,
          after: { date: input.date, kind: input.kind, checkInAt, checkOutAt, note: input.note ?? null },
          note: input.reason,
        });
      }
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')
      throw conflict(MSG.pendingExists, 'CORRECTION_PENDING');
    throw err;
  }
  const created = await db.attendanceCorrection.findUniqueOrThrow({ where: { id }, select });
  return toDto(created, timezone);
}

/** PUT /api/corrections/{id}/status: admin or HR, once, never on their own day. */
export async function setCorrectionStatus(actor: SessionUser, id: string, input: CorrectionDecisionInput): Promise<CorrectionDto> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat memproses koreksi absensi.');
  const row = await db.attendanceCorrection.findUnique({ where: { id }, select: { userId: true, date: true, status: true, kind: true } });
  if (!row) throw notFound(MSG.notFound);
  assertNotSelf(actor, row.userId, MSG.own);
  if (row.status !== 'pending') throw processed();
  const date = dateToKey(row.date);
  await db.$transaction(async (tx) => {
    await assertPeriodOpen(tx, date);
    const approve = input.status === 'approved';
    const original = approve ? await snapshot(tx, row.userId, date) : undefined;
    // One conditional update: of two simultaneous decisions exactly one is recorded.
    const { count } = await tx.attendanceCorrection.updateMany({
      where: { id, status: 'pending' },
      data: {
        status: input.status,
        pendingKey: null,
        decidedById: actor.id,
        decidedByName: actor.name,
        decidedAt: new Date(),
        decisionNote: input.note ?? null,
        ...(original ? { original } : {}),
      },
    });
    if (count === 0) throw processed();
    if (approve) await reclassifyDays(tx, row.userId, date, date);
    await recordAudit(tx, {
      actor,
      kind: approve ? 'attendance.correction.approve' : 'attendance.correction.reject',
      entity: 'AttendanceCorrection',
      entityId: id,
      targetUserId: row.userId,
      before: { status: 'pending' },
      after: { status: input.status, date, kind: row.kind },
      note: input.note ?? null,
    });
    await correctionDecided(tx, id, actor, input.note);
  });
  const [dto] = await dtos([await db.attendanceCorrection.findUniqueOrThrow({ where: { id }, select })]);
  return dto!;
}

/** GET /api/corrections/{id}/attachment: the owner, admin and HR only. */
export async function correctionAttachment(actor: Pick<SessionUser, 'id' | 'role'>, id: string): Promise<Response> {
  const row = await db.attendanceCorrection.findUnique({
    where: { id },
    select: { userId: true, attachment: true, attachmentMime: true, attachmentName: true },
  });
  if (!row) throw notFound(MSG.notFound);
  assertSelfOrStaff(actor, row.userId, 'Anda tidak memiliki akses ke lampiran ini.');
  return privateFile(row);
}
