// Check-in, check-out, today, history, monthly summary and photos of one employee.
// The server's clock decides the time, the office timezone decides the day, the unique
// (userId, workDate) constraint decides "once per day", check-out is one conditional update.
import { db, floatArrayLiteral, parseFloatArray, sql, type Statement } from '@/lib/server/db';
import { AppError, conflict, forbidden, notFound, unauthenticated, unprocessable } from '@/lib/server/errors';
import { getSettingsRow } from '@/lib/server/services/settings';
import { faceRecheckSql, verifyAttendanceFace } from '@/lib/server/services/face-verification';
import { SESSION_COLUMNS, type SessionLoader, type SessionRow, type SessionUser } from '@/lib/server/auth/session';
import type { Attendance } from '@/lib/generated/prisma/client';
import { haversineMeters, isInsideRadius } from '@/lib/geo';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey } from '@/lib/dates';
import { earlyMinutesAt, lateMinutesAt, monthlySummary } from '@/lib/attendance/rules';
import { JPEG_DATA_URL_PREFIX, MAX_PHOTO_BYTES, type AttendancePayload, type HistoryQuery, type PhotoKindParam } from '@/lib/validation/attendance';
import type { HistoryEntry, MonthlySummary, TodayAttendance } from '@/lib/attendance/types';
import { assertCameraDimensions } from '@/lib/server/face/jpeg-header';

type Kind = 'check-in' | 'check-out';
const HISTORY_LIMIT = 1000;
const PRIVILEGED = new Set(['admin', 'hr']);

/** Employees may only act on or read themselves; admins and HR may read anyone. */
function assertCanRead(actor: SessionUser, userId: string) {
  if (actor.id !== userId && !PRIVILEGED.has(actor.role)) throw forbidden();
}

/** Bytes a well-formed base64 text of this length decodes to (padding optional), or null if none does. */
function base64DecodedLength(text: string): number | null {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const rest = text.length % 4;
  if (rest === 1 || (padding && rest)) return null;
  return Math.floor(text.length / 4) * 3 + (rest ? rest - 1 : 0) - padding;
}

/** The JPEG bytes of a `data:image/jpeg;base64,` URL: prefix and magic bytes checked, 300 KB cap. */
export function decodeFaceImage(dataUrl: string): Buffer {
  const invalid = () => new AppError(400, 'INVALID_PHOTO', 'Foto wajah harus berupa gambar JPEG');
  if (!dataUrl.startsWith(JPEG_DATA_URL_PREFIX)) throw invalid();
  const base64 = dataUrl.slice(JPEG_DATA_URL_PREFIX.length);
  if (Math.floor((base64.length * 3) / 4) > MAX_PHOTO_BYTES + 2) throw new AppError(413, 'PHOTO_TOO_LARGE', 'Ukuran foto maksimal 300 KB');
  // Node's decoder skips characters outside the alphabet (and stops at a misplaced '='), so a text with
  // any of them decodes to fewer bytes than its length promises; '-' and '_' (base64url) it would
  // accept are refused by name. Much cheaper than a regular expression over the ~80 KB string.
  const expected = base64DecodedLength(base64);
  if (expected === null || base64.includes('-') || base64.includes('_')) throw invalid();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length !== expected) throw invalid();
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError(413, 'PHOTO_TOO_LARGE', 'Ukuran foto maksimal 300 KB');
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) throw invalid();
  assertCameraDimensions(bytes);
  return bytes;
}

/** What a check-in/out needs to know besides the request, read together with the session (markSession). */
export type MarkContext = {
  /** The request's time: the server clock decides, never the client. */
  now: Date;
  officeLatitude: number | null;
  officeLongitude: number | null;
  officeRadius: number;
  timezone: string;
  workStart: string;
  workEnd: string;
  faceMatchThreshold: number;
  ownStart: string | null;
  ownEnd: string | null;
  faceStatus: string | null;
  /** The enrolled descriptor as PostgreSQL prints a float8[] ('{0.1,-0.2,…}'): see parseFloatArray. */
  faceDescriptor: string | null;
  /** The employee's records dated from yesterday to tomorrow (UTC): today's, in any office timezone, is among them. */
  recent: { date: string; checkedOut: boolean }[];
};

/**
 * The session row, company settings, the employee's own working hours, face profile and recent
 * records: one round trip. Check-in is the hottest write of the day (everyone arrives within
 * minutes), so it reads and writes with plain SQL on the app's connections rather than several
 * client queries (bench/checkin.bench.ts).
 */
const MARK_SESSION: Statement = {
  name: 'attendance_mark_session',
  text: `SELECT ${SESSION_COLUMNS},
              s."officeLatitude", s."officeLongitude", s."officeRadius", s.timezone, s."workStart", s."workEnd", s."faceMatchThreshold",
              w.start AS "ownStart", w."end" AS "ownEnd", f.status::text AS "faceStatus", f.descriptor::text AS "faceDescriptor",
              COALESCE((SELECT json_agg(json_build_object('date', to_char(a."workDate", 'YYYY-MM-DD'), 'checkedOut', a."checkOutAt" IS NOT NULL))
                          FROM "Attendance" a
                         WHERE a."userId" = u.id AND a."workDate" BETWEEN $2::date - 1 AND $2::date + 1), '[]'::json) AS recent
         FROM "User" u
         LEFT JOIN "Settings" s ON s.id = 1
         LEFT JOIN "EmployeeWorkingHours" w ON w."userId" = u.id
         LEFT JOIN "FaceProfile" f ON f."userId" = u.id
        WHERE u.id = $1::uuid`,
};

type MarkSession = SessionRow & MarkContext;

/** Session loader of the check-in/out routes (route option `session`). */
export const markSession: SessionLoader<MarkSession> = async (userId) => {
  const now = new Date();
  const run = async () => (await sql<Omit<MarkSession, 'now'>>(MARK_SESSION, [userId, now.toISOString().slice(0, 10)]))[0];
  let row = await run();
  if (row && row.timezone === null) {
    await getSettingsRow(); // creates the defaults row on a brand-new database
    row = await run();
  }
  return row && { ...row, now };
};

/** Refusals shared by check-in and check-out, in this order, before anything is written. */
async function prepare(actor: SessionUser, input: AttendancePayload, kind: Kind, context?: MarkContext) {
  if (input.userId !== undefined && input.userId.toLowerCase() !== actor.id) throw forbidden('Anda hanya dapat melakukan absensi untuk akun Anda sendiri.');
  const c = context ?? (await markSession(actor.id));
  if (!c) throw unauthenticated();
  const now = c.now;
  if (c.officeLatitude === null || c.officeLongitude === null) throw unprocessable('Lokasi kantor belum diatur', 'OFFICE_NOT_SET');
  const distance = haversineMeters({ latitude: c.officeLatitude, longitude: c.officeLongitude }, input);
  if (!isInsideRadius(distance, c.officeRadius))
    throw unprocessable(`Anda berada di luar radius kantor. Tidak dapat melakukan ${kind}.`, 'OUTSIDE_RADIUS');
  const image = decodeFaceImage(input.faceImage);
  const dateKey = dateKeyInZone(now, c.timezone);
  const today = c.recent.find((r) => r.date === dateKey) ?? null;
  return {
    context: c,
    distance,
    image,
    now,
    dateKey,
    today,
    hours: { start: c.ownStart ?? c.workStart, end: c.ownEnd ?? c.workEnd },
    descriptor: input.faceDescriptor ?? null,
  };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

const verifyFace = (p: Prepared) =>
  verifyAttendanceFace(
    p.context.faceStatus === null ? null : { status: p.context.faceStatus, descriptor: parseFloatArray(p.context.faceDescriptor) },
    p.descriptor,
    p.context.faceMatchThreshold,
  );

const clientTime = (ts: string | null | undefined) => (ts ? new Date(ts) : null);

/** A row of the written record, as the check-in/out statements return it. */
type WrittenRow = Pick<
  Attendance,
  'id' | 'checkInAt' | 'checkInLatitude' | 'checkInLongitude' | 'checkInAccuracy' | 'checkInDistance' | 'checkInMethod' | 'lateMinutes' | 'checkOutAt' | 'checkOutLatitude' | 'checkOutLongitude' | 'checkOutAccuracy' | 'checkOutDistance' | 'checkOutMethod' | 'earlyMinutes'
> & { hasCheckInPhoto: boolean };

const WRITTEN_COLUMNS = `a.id, a."checkInAt", a."checkInLatitude", a."checkInLongitude", a."checkInAccuracy", a."checkInDistance", a."checkInMethod", a."lateMinutes",
  a."checkOutAt", a."checkOutLatitude", a."checkOutLongitude", a."checkOutAccuracy", a."checkOutDistance", a."checkOutMethod", a."earlyMinutes"`;

/** Check-in: the record, its photo and the photo's re-check job, written together or not at all. ON CONFLICT
 * on (userId, workDate) makes a concurrent second check-in of the day write nothing (no row back). */
const CHECK_IN: Statement = {
  name: 'attendance_check_in',
  text: `WITH a AS (
       INSERT INTO "Attendance" (id, "userId", "workDate", "checkInAt", "checkInLatitude", "checkInLongitude", "checkInAccuracy", "checkInDistance",
                                 "checkInMethod", "checkInFaceScore", "checkInClientTimestamp", "lateMinutes", "updatedAt")
       VALUES (gen_random_uuid(), $1::uuid, $2::date, $3::timestamptz, $4::float8, $5::float8, $6::float8, $7::float8, $8, $9::float8, $10::timestamptz, $11::int, $3::timestamptz)
       ON CONFLICT ("userId", "workDate") DO NOTHING
       RETURNING ${WRITTEN_COLUMNS.replaceAll('a.', '')}
     ), ${faceRecheckSql('check_in', { size: 12, data: 13, descriptor: 14 })}
     SELECT ${WRITTEN_COLUMNS}, true AS "hasCheckInPhoto" FROM a`,
};

/** Check-out: one conditional update (of concurrent check-outs exactly one finds checkOutAt still null),
 * its photo and re-check job. A record whose check-in was already verified waits again for the new verdict. */
const CHECK_OUT: Statement = {
  name: 'attendance_check_out',
  text: `WITH a AS (
       UPDATE "Attendance"
          SET "checkOutAt" = $3::timestamptz, "checkOutLatitude" = $4::float8, "checkOutLongitude" = $5::float8, "checkOutAccuracy" = $6::float8,
              "checkOutDistance" = $7::float8, "checkOutMethod" = $8, "checkOutFaceScore" = $9::float8, "checkOutClientTimestamp" = $10::timestamptz,
              "earlyMinutes" = $11::int, "updatedAt" = $3::timestamptz,
              "faceCheckStatus" = CASE WHEN "faceCheckStatus" = 'verified' THEN 'pending'::"FaceCheckStatus" ELSE "faceCheckStatus" END
        WHERE "userId" = $1::uuid AND "workDate" = $2::date AND "checkOutAt" IS NULL
        RETURNING ${WRITTEN_COLUMNS.replaceAll('a.', '')}
     ), ${faceRecheckSql('check_out', { size: 12, data: 13, descriptor: 14 })}
     SELECT ${WRITTEN_COLUMNS},
            EXISTS (SELECT 1 FROM "AttendancePhoto" x WHERE x."attendanceId" = a.id AND x.kind = 'check_in') AS "hasCheckInPhoto"
       FROM a`,
};

/** Foreign-key violation: the employee was deleted while the request ran. */
function goneUser(err: unknown): never {
  if ((err as { code?: string }).code === '23503') throw unauthenticated();
  throw err;
}

/** $1…$14 of CHECK_IN and CHECK_OUT; `minutes` is lateMinutes or earlyMinutes. */
function markParams(actor: SessionUser, input: AttendancePayload, p: Prepared, faceScore: number, minutes: number): unknown[] {
  return [
    actor.id,
    p.dateKey,
    p.now,
    input.latitude,
    input.longitude,
    input.accuracy ?? null,
    p.distance,
    input.verificationMethod,
    faceScore,
    clientTime(input.timestamp),
    minutes,
    p.image.length,
    p.image,
    floatArrayLiteral(p.descriptor ?? []),
  ];
}

/** `context` is what the route's session loader (markSession) read; read here when not given. */
export async function checkIn(actor: SessionUser, input: AttendancePayload, context?: MarkContext) {
  const p = await prepare(actor, input, 'check-in', context);
  if (p.today) throw alreadyCheckedIn();
  const { faceScore } = verifyFace(p);
  const late = lateMinutesAt(p.now, p.hours.start, p.context.timezone);
  const [row] = await sql<WrittenRow>(CHECK_IN, markParams(actor, input, p, faceScore, late)).catch(goneUser);
  if (!row) throw alreadyCheckedIn();
  return { message: 'Check-in berhasil', attendance: writtenDto(row, p.dateKey, p.context.timezone, false) };
}

const alreadyCheckedIn = () => conflict('Anda sudah melakukan check-in hari ini', 'ALREADY_CHECKED_IN');

export async function checkOut(actor: SessionUser, input: AttendancePayload, context?: MarkContext) {
  const p = await prepare(actor, input, 'check-out', context);
  if (!p.today) throw conflict('Anda belum melakukan check-in hari ini', 'NOT_CHECKED_IN');
  if (p.today.checkedOut) throw alreadyCheckedOut();
  const { faceScore } = verifyFace(p);
  const early = earlyMinutesAt(p.now, p.hours.end, p.context.timezone);
  const [row] = await sql<WrittenRow>(CHECK_OUT, markParams(actor, input, p, faceScore, early));
  if (!row) throw alreadyCheckedOut();
  return { message: 'Check-out berhasil', attendance: writtenDto(row, p.dateKey, p.context.timezone, true) };
}

const alreadyCheckedOut = () => conflict('Anda sudah melakukan check-out hari ini', 'ALREADY_CHECKED_OUT');

function writtenDto(row: WrittenRow, date: string, timezone: string, checkOutPhoto: boolean): TodayAttendance {
  const kinds: ('check_in' | 'check_out')[] = [...(row.hasCheckInPhoto ? (['check_in'] as const) : []), ...(checkOutPhoto ? (['check_out'] as const) : [])];
  return { id: row.id, date, timezone, ...marks(row, kinds), lateMinutes: row.lateMinutes, earlyMinutes: row.earlyMinutes };
}

type PhotoKinds = readonly ('check_in' | 'check_out')[];

function marks(a: Omit<WrittenRow, 'hasCheckInPhoto'>, photoKinds: PhotoKinds) {
  const checkIn = {
    timestamp: a.checkInAt.toISOString(),
    latitude: a.checkInLatitude,
    longitude: a.checkInLongitude,
    accuracy: a.checkInAccuracy,
    distance: a.checkInDistance,
    verificationMethod: a.checkInMethod,
    hasPhoto: photoKinds.includes('check_in'),
    lateMinutes: a.lateMinutes,
  };
  const checkOut =
    a.checkOutAt && a.checkOutLatitude !== null && a.checkOutLongitude !== null
      ? {
          timestamp: a.checkOutAt.toISOString(),
          latitude: a.checkOutLatitude,
          longitude: a.checkOutLongitude,
          accuracy: a.checkOutAccuracy,
          distance: a.checkOutDistance,
          verificationMethod: a.checkOutMethod ?? 'face',
          hasPhoto: photoKinds.includes('check_out'),
          earlyMinutes: a.earlyMinutes,
        }
      : null;
  return { checkIn, checkOut };
}

function todayDto(a: Attendance, timezone: string, photoKinds: PhotoKinds): TodayAttendance {
  const m = marks(a, photoKinds);
  return { id: a.id, date: dateToKey(a.workDate), timezone, ...m, lateMinutes: a.lateMinutes, earlyMinutes: a.earlyMinutes };
}

function historyDto(a: Attendance & { photos: { kind: 'check_in' | 'check_out' }[] }): HistoryEntry {
  const m = marks(a, a.photos.map((p) => p.kind));
  return { id: a.id, date: dateToKey(a.workDate), ...m, lateMinutes: a.lateMinutes, earlyMinutes: a.earlyMinutes, faceCheckStatus: a.faceCheckStatus };
}

async function assertUserExists(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, createdAt: true } });
  if (!user) throw notFound('Pengguna tidak ditemukan');
  return user;
}

const photoKindsSelect = { photos: { select: { kind: true } } } as const;

export async function today(actor: SessionUser, userId: string): Promise<TodayAttendance> {
  assertCanRead(actor, userId);
  await assertUserExists(userId);
  const settings = await getSettingsRow();
  const date = dateKeyInZone(new Date(), settings.timezone);
  const row = await db.attendance.findUnique({ where: { userId_workDate: { userId, workDate: dateKeyToDate(date) } }, include: photoKindsSelect });
  if (!row) return { id: null, date, timezone: settings.timezone, checkIn: null, checkOut: null, lateMinutes: null, earlyMinutes: null };
  return todayDto(row, settings.timezone, row.photos.map((p) => p.kind));
}

export async function history(actor: SessionUser, userId: string, query: HistoryQuery): Promise<HistoryEntry[]> {
  assertCanRead(actor, userId);
  await assertUserExists(userId);
  const workDate = {
    ...(query.startDate ? { gte: dateKeyToDate(query.startDate) } : {}),
    ...(query.endDate ? { lte: dateKeyToDate(query.endDate) } : {}),
  };
  const rows = await db.attendance.findMany({
    where: { userId, ...(query.startDate || query.endDate ? { workDate } : {}) },
    include: photoKindsSelect,
    orderBy: { workDate: 'desc' },
    take: HISTORY_LIMIT,
  });
  return rows.map(historyDto);
}

/** This month so far for the employee dashboard (see monthlySummary for the formula). */
export async function summary(actor: SessionUser, userId: string): Promise<MonthlySummary> {
  assertCanRead(actor, userId);
  const user = await assertUserExists(userId);
  const settings = await getSettingsRow();
  const todayKey = dateKeyInZone(new Date(), settings.timezone);
  const monthStart = dateKeyToDate(`${todayKey.slice(0, 8)}01`);
  const end = dateKeyToDate(todayKey);
  const [present, leaves] = await Promise.all([
    db.attendance.findMany({ where: { userId, workDate: { gte: monthStart, lte: end } }, select: { workDate: true } }),
    db.leaveRequest.findMany({
      where: { userId, status: 'approved', startDate: { lte: end }, endDate: { gte: monthStart } },
      select: { startDate: true, endDate: true },
    }),
  ]);
  const leaveDates: string[] = [];
  const first = dateToKey(monthStart);
  for (const l of leaves) {
    const from = dateToKey(l.startDate) > first ? dateToKey(l.startDate) : first;
    const to = dateToKey(l.endDate) < todayKey ? dateToKey(l.endDate) : todayKey;
    for (let d = from; d <= to; d = addDays(d, 1)) leaveDates.push(d);
  }
  return monthlySummary({
    today: todayKey,
    joinDate: dateKeyInZone(user.createdAt, settings.timezone),
    presentDates: present.map((r) => dateToKey(r.workDate)),
    leaveDates,
    workingDays: settings.workingDays,
  });
}

/** A check-in/out photo: the owner, admins and HR only. */
export async function photo(actor: SessionUser, input: { id: string; kind: PhotoKindParam }) {
  const row = await db.attendancePhoto.findUnique({
    where: { attendanceId_kind: { attendanceId: input.id, kind: input.kind === 'check-in' ? 'check_in' : 'check_out' } },
    select: { mime: true, data: true, attendance: { select: { userId: true } } },
  });
  if (!row) {
    const owner = await db.attendance.findUnique({ where: { id: input.id }, select: { userId: true } });
    if (owner) assertCanRead(actor, owner.userId);
    throw notFound('Foto tidak ditemukan');
  }
  assertCanRead(actor, row.attendance.userId);
  return { mime: row.mime, data: row.data };
}
