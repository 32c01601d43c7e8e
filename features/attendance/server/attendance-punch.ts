// Check-in and check-out. The server's clock decides the time, the office timezone decides the day, the
// unique (userId, workDate) constraint decides "once per day", check-out is one conditional update.
// Two round trips: the session loader (attendance-session.ts), then one write statement
// (attendance-punch-sql.ts). The refusals run in prepare()'s order before anything is written.
import { floatArrayLiteral, parseFloatArray, sql } from '@/lib/server/db';
import { conflict, forbidden, unauthenticated, unprocessable } from '@/lib/server/errors';
import { verifyAttendanceFace } from '@/features/face/server/face-verification';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertSelf } from '@/lib/server/auth/policy';
import { checkInDate, checkOutTarget, earlyMinutes, lateMinutes } from '@/features/attendance/lib/shift';
import type { AttendancePayload } from '@/features/attendance/validation/attendance';
import type { TodayAttendance } from '@/features/attendance/types/attendance';
import { challengeRefusal, challengeRequired } from '@/features/attendance/server/challenge';
import { livenessFlags } from '@/features/attendance/server/liveness';
import { decodeFaceImage } from '@/features/attendance/server/attendance-photo';
import { markSession, type MarkContext } from '@/features/attendance/server/attendance-session';
import { accuracyTooLow, clientTime, fraudChecks, officeAt, type Kind } from '@/features/attendance/server/attendance-fraud';
import type { PendingFlag } from '@/features/attendance/lib/anti-fraud';

/**
 * A punch made on a kiosk (docs/kiosk.md) rather than the employee's phone: the kiosk's office is the
 * position (the device check is the kiosk's credential, checked by its route), the record names the
 * kiosk, and `flags` adds what the kiosk path knows (an offline punch). `now`: an offline punch's time
 * (the kiosk's clock corrected by its offset), instead of the request's.
 */
export type PunchOrigin = { kioskId: string; officeId: string; flags?: PendingFlag[]; now?: Date };

export const NOT_AT_THIS_OFFICE = 'Anda tidak terdaftar untuk absen di kantor kiosk ini. Hubungi HR.';
import { CHECK_IN, CHECK_OUT, type TakenRow, type WrittenRow } from '@/features/attendance/server/attendance-punch-sql';
import { marks } from '@/features/attendance/server/attendance-marks';

/** How a refusal names the punch: "check-in", "check-out", "Mulai Istirahat", "Selesai Istirahat". */
const KIND_LABEL: Record<Kind, string> = {
  'check-in': 'check-in',
  'check-out': 'check-out',
  'break-start': 'Mulai Istirahat',
  'break-end': 'Selesai Istirahat',
};

/**
 * Refusals shared by every punch (check-in, check-out, a break's start and end: attendance-break.ts),
 * in this order, before anything is written.
 */
export async function prepare(
  actor: SessionUser,
  input: AttendancePayload,
  kind: Kind,
  context?: MarkContext,
  ip = 'unknown',
  origin?: PunchOrigin,
) {
  if (input.userId !== undefined)
    assertSelf(actor, input.userId.toLowerCase(), 'Anda hanya dapat melakukan absensi untuk akun Anda sendiri.');
  const read = context ?? (await markSession(actor.id));
  if (!read) throw unauthenticated();
  const c = origin?.now ? { ...read, now: origin.now } : read;
  const now = c.now;
  if (!input.challengeId) throw challengeRequired();
  if (!c.offices.some((o) => o.latitude !== null && o.longitude !== null))
    throw unprocessable('Lokasi kantor belum diatur', 'OFFICE_NOT_SET');
  if (!origin && input.accuracy !== null && input.accuracy !== undefined && input.accuracy > c.locationAccuracyMaxM)
    throw accuracyTooLow(input.accuracy, c.locationAccuracyMaxM);
  const at = origin ? kioskOffice(c, origin) : officeAt(c.offices, input, input.accuracy ?? 0);
  if (!at) throw unprocessable(`Anda berada di luar radius kantor. Tidak dapat melakukan ${KIND_LABEL[kind]}.`, 'OUTSIDE_RADIUS');
  const image = decodeFaceImage(input.faceImage);
  const flags = [...fraudChecks(actor, input, kind, c, at, ip, !!origin), ...(origin?.flags ?? [])];
  return {
    context: c,
    office: at.office,
    distance: at.distance,
    image,
    now,
    timezone: at.office.timezone,
    descriptor: input.faceDescriptor ?? null,
    challengeId: input.challengeId,
    flags,
    deviceId: input.deviceId ?? null,
    kioskId: origin?.kioskId ?? null,
  };
}

/** A kiosk punch is at the kiosk's office, which must be one of the employee's offices. */
function kioskOffice(c: MarkContext, origin: PunchOrigin) {
  const office = c.offices.find((o) => o.id === origin.officeId);
  if (!office) throw forbidden(NOT_AT_THIS_OFFICE);
  return { office, distance: 0, verdict: 'inside' as const };
}

export type Prepared = Awaited<ReturnType<typeof prepare>>;

export const verifyFace = (p: Prepared) =>
  verifyAttendanceFace(
    p.context.faceStatus === null ? null : { status: p.context.faceStatus, descriptor: parseFloatArray(p.context.faceDescriptor) },
    p.descriptor,
    p.context.faceMatchThreshold,
  );

/** The liveness answer judged by the company's policy (docs/face.md, "Liveness"): adds its flag, or throws under 'required'. */
export function checkLivenessOf(input: AttendancePayload, action: Kind, p: Prepared) {
  const flags = livenessFlags({
    policy: p.context.livenessPolicy,
    action,
    challengeId: p.challengeId,
    challenges: p.context.challenges,
    now: p.now,
    frames: input.liveness?.frames,
    reference: parseFloatArray(p.context.faceDescriptor),
    photoDescriptor: p.descriptor,
    threshold: p.context.faceMatchThreshold,
  });
  p.flags.push(...flags);
}

/** Foreign-key violation: the employee was deleted while the request ran. */
export function goneUser(err: unknown): never {
  if ((err as { code?: string }).code === '23503') throw unauthenticated();
  throw err;
}

/** The challenge, the flags (JSON), the device id and the kiosk id: the last four parameters of CHECK_IN and CHECK_OUT. */
const fraudParams = (p: Prepared) => [p.challengeId, JSON.stringify(p.flags), p.deviceId, p.kioskId];

/** $1…$14 of CHECK_IN and CHECK_OUT; `minutes` is lateMinutes or earlyMinutes. */
function markParams(
  actor: SessionUser,
  input: AttendancePayload,
  p: Prepared,
  date: string,
  faceScore: number,
  minutes: number | null,
): unknown[] {
  return [
    actor.id,
    date,
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
export async function checkIn(actor: SessionUser, input: AttendancePayload, context?: MarkContext, ip?: string, origin?: PunchOrigin) {
  const p = await prepare(actor, input, 'check-in', context, ip, origin);
  const days = new Map(p.context.calendar.map((d) => [d.date, d]));
  const date = checkInDate(p.now, p.timezone, days, new Set(p.context.recent.map((r) => r.date)));
  if (p.context.recent.some((r) => r.date === date)) throw alreadyCheckedIn();
  const { faceScore } = verifyFace(p);
  checkLivenessOf(input, 'check-in', p);
  const day = days.get(date);
  const late = lateMinutes(p.now, day, p.timezone);
  const shift = day?.status === 'kerja' ? { start: day.shiftStart, end: day.shiftEnd } : { start: null, end: null };
  const [row] = await sql<TakenRow>(CHECK_IN, [
    ...markParams(actor, input, p, date, faceScore, late),
    p.office.id,
    day?.status ?? null,
    shift.start,
    shift.end,
    ...fraudParams(p),
  ]).catch(goneUser);
  if (!row?.id) throw row?.challengeTaken ? alreadyCheckedIn() : await challengeRefusal(actor, 'check-in', p.challengeId, p.now);
  return { message: 'Check-in berhasil', attendance: writtenDto(row, date, p.timezone, p.office, false) };
}

const alreadyCheckedIn = () => conflict('Anda sudah melakukan check-in hari ini', 'ALREADY_CHECKED_IN');

export async function checkOut(actor: SessionUser, input: AttendancePayload, context?: MarkContext, ip?: string, origin?: PunchOrigin) {
  const p = await prepare(actor, input, 'check-out', context, ip, origin);
  const target = checkOutTarget(p.now, p.timezone, p.context.recent);
  if (target.kind === 'none') throw conflict('Anda belum melakukan check-in hari ini', 'NOT_CHECKED_IN');
  if (target.kind === 'done') throw alreadyCheckedOut();
  const { faceScore } = verifyFace(p);
  checkLivenessOf(input, 'check-out', p);
  const early = earlyMinutes(p.now, target.record, p.timezone);
  const [row] = await sql<TakenRow>(CHECK_OUT, [...markParams(actor, input, p, target.record.date, faceScore, early), ...fraudParams(p)]);
  if (!row?.id) throw row?.challengeTaken ? alreadyCheckedOut() : await challengeRefusal(actor, 'check-out', p.challengeId, p.now);
  return { message: 'Check-out berhasil', attendance: writtenDto(row, target.record.date, p.timezone, p.office, true) };
}

const alreadyCheckedOut = () => conflict('Anda sudah melakukan check-out hari ini', 'ALREADY_CHECKED_OUT');

function writtenDto(
  row: WrittenRow,
  date: string,
  timezone: string,
  office: { id: string; name: string },
  checkOutPhoto: boolean,
): TodayAttendance {
  const kinds: ('check_in' | 'check_out')[] = [
    ...(row.hasCheckInPhoto ? (['check_in'] as const) : []),
    ...(checkOutPhoto ? (['check_out'] as const) : []),
  ];
  return {
    id: row.id,
    date,
    timezone,
    ...marks(row, kinds),
    lateMinutes: row.lateMinutes,
    earlyMinutes: row.earlyMinutes,
    office: { id: office.id, name: office.name },
  };
}
