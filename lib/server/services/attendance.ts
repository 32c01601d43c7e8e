// Check-in, check-out, today, history, monthly summary and photos of one employee.
// The server's clock decides the time, the office timezone decides the day, the unique
// (userId, workDate) constraint decides "once per day", check-out is one conditional update.
import { db } from '@/lib/server/db';
import { AppError, conflict, forbidden, notFound, unprocessable } from '@/lib/server/errors';
import { getSettingsRow } from '@/lib/server/services/settings';
import { queueFaceRecheck, verifyAttendanceFace } from '@/lib/server/services/face-verification';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Attendance, Settings } from '@/lib/generated/prisma/client';
import { haversineMeters, isInsideRadius } from '@/lib/geo';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey } from '@/lib/dates';
import { earlyMinutesAt, lateMinutesAt, monthlySummary } from '@/lib/attendance/rules';
import { JPEG_DATA_URL_PREFIX, MAX_PHOTO_BYTES, type AttendancePayload, type HistoryQuery, type PhotoKindParam } from '@/lib/validation/attendance';
import type { HistoryEntry, MonthlySummary, TodayAttendance } from '@/lib/attendance/types';

type Kind = 'check-in' | 'check-out';
const TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 };
const HISTORY_LIMIT = 1000;
const PRIVILEGED = new Set(['admin', 'hr']);

/** Employees may only act on or read themselves; admins and HR may read anyone. */
function assertCanRead(actor: SessionUser, userId: string) {
  if (actor.id !== userId && !PRIVILEGED.has(actor.role)) throw forbidden();
}

/** The JPEG bytes of a `data:image/jpeg;base64,` URL: prefix and magic bytes checked, 300 KB cap. */
export function decodeFaceImage(dataUrl: string): Buffer {
  const invalid = () => new AppError(400, 'INVALID_PHOTO', 'Foto wajah harus berupa gambar JPEG');
  if (!dataUrl.startsWith(JPEG_DATA_URL_PREFIX)) throw invalid();
  const base64 = dataUrl.slice(JPEG_DATA_URL_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw invalid();
  if (Math.floor((base64.length * 3) / 4) > MAX_PHOTO_BYTES + 2) throw new AppError(413, 'PHOTO_TOO_LARGE', 'Ukuran foto maksimal 300 KB');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError(413, 'PHOTO_TOO_LARGE', 'Ukuran foto maksimal 300 KB');
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) throw invalid();
  return bytes;
}

/** Refusals shared by check-in and check-out, before anything is written. */
async function prepare(actor: SessionUser, input: AttendancePayload, kind: Kind) {
  if (input.userId !== undefined && input.userId.toLowerCase() !== actor.id) throw forbidden('Anda hanya dapat melakukan absensi untuk akun Anda sendiri.');
  const settings = await getSettingsRow();
  if (settings.officeLatitude === null || settings.officeLongitude === null) throw unprocessable('Lokasi kantor belum diatur', 'OFFICE_NOT_SET');
  const office = { latitude: settings.officeLatitude, longitude: settings.officeLongitude };
  const distance = haversineMeters(office, input);
  if (!isInsideRadius(distance, settings.officeRadius))
    throw unprocessable(`Anda berada di luar radius kantor. Tidak dapat melakukan ${kind}.`, 'OUTSIDE_RADIUS');
  const image = decodeFaceImage(input.faceImage);
  const now = new Date();
  const workDate = dateKeyToDate(dateKeyInZone(now, settings.timezone));
  const hours = await workingHours(actor.id, settings);
  return { settings, distance, image, now, workDate, hours, descriptor: input.faceDescriptor ?? [] };
}

async function workingHours(userId: string, settings: Settings) {
  const own = await db.employeeWorkingHours.findUnique({ where: { userId } });
  return { start: own?.start ?? settings.workStart, end: own?.end ?? settings.workEnd };
}

const clientTime = (ts: string | null | undefined) => (ts ? new Date(ts) : null);

export async function checkIn(actor: SessionUser, input: AttendancePayload) {
  const p = await prepare(actor, input, 'check-in');
  const existing = await db.attendance.findUnique({ where: { userId_workDate: { userId: actor.id, workDate: p.workDate } }, select: { id: true } });
  if (existing) throw alreadyCheckedIn();
  const { faceScore } = await verifyAttendanceFace(actor.id, { image: p.image, descriptor: input.faceDescriptor ?? null });
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.attendance.create({
        data: {
          userId: actor.id,
          workDate: p.workDate,
          checkInAt: p.now,
          checkInLatitude: input.latitude,
          checkInLongitude: input.longitude,
          checkInAccuracy: input.accuracy ?? null,
          checkInDistance: p.distance,
          checkInMethod: input.verificationMethod,
          checkInFaceScore: faceScore,
          checkInClientTimestamp: clientTime(input.timestamp),
          lateMinutes: lateMinutesAt(p.now, p.hours.start, p.settings.timezone),
          photos: { create: { kind: 'check_in', mime: 'image/jpeg', size: p.image.length, data: new Uint8Array(p.image), descriptor: p.descriptor } },
        },
        include: { photos: { select: { id: true, kind: true } } },
      });
      await queueFaceRecheck(tx, created.photos[0]!.id);
      return created;
    }, TX_OPTIONS);
    return { message: 'Check-in berhasil', attendance: todayDto(row, p.settings.timezone, ['check_in']) };
  } catch (err) {
    if ((err as { code?: string }).code === 'P2002') throw alreadyCheckedIn();
    throw err;
  }
}

const alreadyCheckedIn = () => conflict('Anda sudah melakukan check-in hari ini', 'ALREADY_CHECKED_IN');

export async function checkOut(actor: SessionUser, input: AttendancePayload) {
  const p = await prepare(actor, input, 'check-out');
  const key = { userId_workDate: { userId: actor.id, workDate: p.workDate } };
  const current = await db.attendance.findUnique({ where: key, select: { checkOutAt: true } });
  if (!current) throw conflict('Anda belum melakukan check-in hari ini', 'NOT_CHECKED_IN');
  if (current.checkOutAt) throw alreadyCheckedOut();
  const { faceScore } = await verifyAttendanceFace(actor.id, { image: p.image, descriptor: input.faceDescriptor ?? null });
  const row = await db.$transaction(async (tx) => {
    // One conditional update: of concurrent check-outs exactly one finds checkOutAt still null.
    const { count } = await tx.attendance.updateMany({
      where: { userId: actor.id, workDate: p.workDate, checkOutAt: null },
      data: {
        checkOutAt: p.now,
        checkOutLatitude: input.latitude,
        checkOutLongitude: input.longitude,
        checkOutAccuracy: input.accuracy ?? null,
        checkOutDistance: p.distance,
        checkOutMethod: input.verificationMethod,
        checkOutFaceScore: faceScore,
        checkOutClientTimestamp: clientTime(input.timestamp),
        earlyMinutes: earlyMinutesAt(p.now, p.hours.end, p.settings.timezone),
      },
    });
    if (count !== 1) throw alreadyCheckedOut();
    const updated = await tx.attendance.findUniqueOrThrow({ where: key, include: { photos: { select: { kind: true } } } });
    const photo = await tx.attendancePhoto.create({
      data: { attendanceId: updated.id, kind: 'check_out', mime: 'image/jpeg', size: p.image.length, data: new Uint8Array(p.image), descriptor: p.descriptor },
      select: { id: true },
    });
    await queueFaceRecheck(tx, photo.id);
    return updated;
  }, TX_OPTIONS);
  return { message: 'Check-out berhasil', attendance: todayDto(row, p.settings.timezone, [...row.photos.map((x) => x.kind), 'check_out']) };
}

const alreadyCheckedOut = () => conflict('Anda sudah melakukan check-out hari ini', 'ALREADY_CHECKED_OUT');

type PhotoKinds = readonly ('check_in' | 'check_out')[];

function marks(a: Attendance, photoKinds: PhotoKinds) {
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
