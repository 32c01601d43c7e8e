// Check-in, check-out, today, history, monthly summary and photos of one employee.
// The server's clock decides the time, the office timezone decides the day, the unique
// (userId, workDate) constraint decides "once per day", check-out is one conditional update.
import { db, floatArrayLiteral, parseFloatArray, sql, type Statement } from '@/lib/server/db';
import { AppError, conflict, forbidden, notFound, unauthenticated, unprocessable } from '@/lib/server/errors';
import { allowedOffices, getMainOffice } from '@/lib/server/services/offices';
import { calendarDays } from '@/lib/server/services/calendar';
import { faceRecheckSql, verifyAttendanceFace } from '@/lib/server/services/face-verification';
import { SESSION_COLUMNS, notRevoked, type SessionRow, type SessionUser } from '@/lib/server/auth/session';
import { Prisma, type Attendance } from '@/lib/generated/prisma/client';
import { HISTORY_DAY_STATUSES, storedDays, type DayDto } from '@/lib/server/services/attendance-days';
import { haversineMeters } from '@/lib/geo';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey, zoneAbbreviation } from '@/lib/dates';
import { monthlySummary } from '@/lib/attendance/rules';
import {
  checkInDate,
  checkOutTarget,
  crossesMidnight,
  earlyMinutes,
  lateMinutes,
  type OpenRecord,
  type ShiftDay,
} from '@/lib/attendance/shift';
import {
  JPEG_DATA_URL_PREFIX,
  MAX_PHOTO_BYTES,
  type AttendancePayload,
  type HistoryQuery,
  type PhotoKindParam,
} from '@/lib/validation/attendance';
import type { HistoryEntry, MonthlySummary, TodayAttendance } from '@/lib/attendance/types';
import { assertCameraDimensions } from '@/lib/server/face/jpeg-header';
import { challengeRefusal, challengeRequired, challengeSql } from '@/lib/server/services/challenge';
import { livenessFlags } from '@/lib/server/services/liveness';
import type { LivenessPolicy } from '@/lib/validation/settings';
import { flagsSql } from '@/lib/server/services/attendance-flags';
import { judgeDevice, type DeviceKey } from '@/lib/server/services/devices';
import {
  clockSkewMinutes,
  ipAllowed,
  isClockSkewed,
  judgePosition,
  minimumSpeedKmh,
  MAX_SPEED_KMH,
  type PendingFlag,
  type PositionVerdict,
  type Punch,
} from '@/lib/attendance/anti-fraud';
import { assertSelfOrStaff } from '@/lib/server/auth/policy';

type Kind = 'check-in' | 'check-out';

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

/** An office the employee may punch at, as the check-in statement reads it. */
type MarkOffice = {
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  radius: number;
  timezone: string;
  ipAllowList: string[];
  ipPolicy: 'off' | 'flag' | 'require';
};

/** A recent record's punches, for the speed between consecutive punches. */
type RecentPunches = OpenRecord & {
  inAt: string;
  inLat: number;
  inLng: number;
  inAcc: number | null;
  outAt: string | null;
  outLat: number | null;
  outLng: number | null;
  outAcc: number | null;
};

/** What a check-in/out needs to know besides the request, read together with the session (markSession). */
export type MarkContext = {
  /** The request's time: the server clock decides, never the client. */
  now: Date;
  faceMatchThreshold: number;
  /** Anti-fraud settings (docs/anti-fraud.md). */
  locationAccuracyMaxM: number;
  clockSkewMaxMinutes: number;
  devicePolicy: 'off' | 'flag' | 'require';
  /** Liveness at check-in/out (docs/face.md, "Liveness"). */
  livenessPolicy: LivenessPolicy;
  /** The employee's registered devices. */
  devices: DeviceKey[];
  faceStatus: string | null;
  /** The enrolled descriptor as PostgreSQL prints a float8[] ('{0.1,-0.2,…}'): see parseFloatArray. */
  faceDescriptor: string | null;
  /** Home office (or the main one) first, then the other offices the employee may use; active only. */
  offices: MarkOffice[];
  /** The calendar (absensi_calendar) from two days before to the day after today (UTC). */
  calendar: ShiftDay[];
  /** The employee's records dated from two days before to the day after today (UTC). */
  recent: RecentPunches[];
};

/**
 * The session row, the face settings and profile, the employee's offices, calendar and recent
 * records: one round trip. Check-in is the hottest write of the day (everyone arrives within
 * minutes), so it reads and writes with plain SQL on the app's connections rather than several
 * client queries (bench/checkin.bench.ts).
 */
const MARK_SESSION: Statement = {
  name: 'attendance_mark_session_v4l',
  text: `SELECT ${SESSION_COLUMNS},
              coalesce(s."faceMatchThreshold", 0.5) AS "faceMatchThreshold", f.status::text AS "faceStatus", f.descriptor::text AS "faceDescriptor",
              coalesce(s."locationAccuracyMaxM", 100) AS "locationAccuracyMaxM", coalesce(s."clockSkewMaxMinutes", 5) AS "clockSkewMaxMinutes",
              coalesce(s."devicePolicy"::text, 'flag') AS "devicePolicy", coalesce(s."livenessPolicy"::text, 'flag') AS "livenessPolicy",
              COALESCE((SELECT json_agg(json_build_object('id', d.id, 'publicKey', d."publicKey")) FROM "Device" d WHERE d."userId" = u.id), '[]'::json) AS devices,
              COALESCE((SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'latitude', o.latitude, 'longitude', o.longitude, 'radius', o.radius, 'timezone', o.timezone,
                                                          'ipAllowList', o."ipAllowList", 'ipPolicy', o."ipPolicy")
                                 ORDER BY o.id <> coalesce(u."homeOfficeId", s."mainOfficeId"), o.name)
                          FROM "Office" o
                         WHERE o.active AND (o.id = coalesce(u."homeOfficeId", s."mainOfficeId")
                                             OR o.id IN (SELECT x."officeId" FROM "UserOffice" x WHERE x."userId" = u.id))), '[]'::json) AS offices,
              COALESCE((SELECT json_agg(json_build_object('date', c."date"::text, 'status', c.status, 'shiftStart', c."shiftStart", 'shiftEnd', c."shiftEnd",
                                                          'lateToleranceMinutes', c."lateToleranceMinutes"))
                          FROM absensi_calendar($2::date - 2, $2::date + 1, ARRAY[u.id]) c), '[]'::json) AS calendar,
              COALESCE((SELECT json_agg(json_build_object('date', to_char(a."workDate", 'YYYY-MM-DD'), 'checkedOut', a."checkOutAt" IS NOT NULL,
                                                          'shiftStart', a."shiftStart", 'shiftEnd', a."shiftEnd",
                                                          'inAt', a."checkInAt", 'inLat', a."checkInLatitude", 'inLng', a."checkInLongitude", 'inAcc', a."checkInAccuracy",
                                                          'outAt', a."checkOutAt", 'outLat', a."checkOutLatitude", 'outLng', a."checkOutLongitude", 'outAcc', a."checkOutAccuracy"))
                          FROM "Attendance" a
                         WHERE a."userId" = u.id AND a."workDate" BETWEEN $2::date - 2 AND $2::date + 1), '[]'::json) AS recent
         FROM "User" u
         LEFT JOIN "Settings" s ON s.id = 1
         LEFT JOIN "FaceProfile" f ON f."userId" = u.id
        WHERE u.id = $1::uuid AND ${notRevoked(3)}`,
};

type MarkSession = SessionRow & MarkContext;

/** No session has this id: the context of a caller already authenticated (a service called directly). */
const NO_SESSION = '00000000-0000-0000-0000-000000000000';

/** Session loader of the check-in/out routes (route option `session`). */
export const markSession = async (userId: string, sessionId: string = NO_SESSION): Promise<MarkSession | undefined> => {
  const now = new Date();
  const row = (await sql<Omit<MarkSession, 'now'>>(MARK_SESSION, [userId, now.toISOString().slice(0, 10), sessionId]))[0];
  return row && { ...row, now };
};

/**
 * The office the position belongs to, judged with its accuracy (judgePosition): the nearest office the
 * position is surely inside, else the nearest one it may be inside (review), else none.
 */
function officeAt(offices: MarkOffice[], at: { latitude: number; longitude: number }, accuracy: number) {
  let best: { office: MarkOffice; distance: number; verdict: PositionVerdict } | null = null;
  for (const office of offices) {
    if (office.latitude === null || office.longitude === null) continue;
    const distance = haversineMeters({ latitude: office.latitude, longitude: office.longitude }, at);
    const verdict = judgePosition(distance, accuracy, office.radius);
    if (verdict === 'outside') continue;
    const better = !best || (verdict === 'inside' && best.verdict === 'review') || (verdict === best.verdict && distance < best.distance);
    if (better) best = { office, distance, verdict };
  }
  return best;
}

export const accuracyTooLow = (accuracy: number, max: number) =>
  unprocessable(
    `Akurasi lokasi Anda ±${Math.round(accuracy)} m, melebihi batas ${max} m. Tunggu sebentar di tempat terbuka atau aktifkan GPS, lalu coba lagi.`,
    'LOCATION_INACCURATE',
  );

export const IP_REFUSED =
  'Absensi di kantor ini hanya dapat dilakukan dari jaringan kantor. Sambungkan perangkat ke Wi-Fi kantor lalu coba lagi.';

/** The latest punch (check-in or check-out) of the recent records before `now`. */
function previousPunch(recent: RecentPunches[], now: Date): Punch | null {
  let best: Punch | null = null;
  for (const r of recent) {
    const candidates: Punch[] = [{ at: new Date(r.inAt), latitude: r.inLat, longitude: r.inLng, accuracy: r.inAcc }];
    if (r.outAt && r.outLat !== null && r.outLng !== null)
      candidates.push({ at: new Date(r.outAt), latitude: r.outLat, longitude: r.outLng, accuracy: r.outAcc });
    for (const c of candidates) if (c.at.getTime() < now.getTime() && (!best || c.at > best.at)) best = c;
  }
  return best;
}

/**
 * The request's anti-fraud checks that need no more reading: the position's margin, the client clock,
 * the speed since the previous punch, the device, the office network. Returns the flags to write with
 * the record; throws (before anything is written) for what the policies refuse.
 */
function fraudChecks(
  actor: SessionUser,
  input: AttendancePayload,
  kind: Kind,
  c: MarkContext,
  at: { office: MarkOffice; distance: number; verdict: PositionVerdict },
  ip: string,
): PendingFlag[] {
  const flags: PendingFlag[] = [];
  const distance = Math.round(at.distance * 10) / 10;
  if (input.accuracy === null || input.accuracy === undefined)
    flags.push({ reason: 'location', detail: { distance, radius: at.office.radius, accuracy: null } });
  else if (at.verdict === 'review')
    flags.push({ reason: 'location', detail: { distance, radius: at.office.radius, accuracy: input.accuracy } });
  const client = clientTime(input.timestamp);
  if (client && isClockSkewed(client, c.now, c.clockSkewMaxMinutes))
    flags.push({ reason: 'clock', detail: { minutes: clockSkewMinutes(client, c.now), max: c.clockSkewMaxMinutes } });
  const previous = previousPunch(c.recent, c.now);
  if (previous) {
    const speed = minimumSpeedKmh(previous, {
      at: c.now,
      latitude: input.latitude,
      longitude: input.longitude,
      accuracy: input.accuracy ?? null,
    });
    if (speed !== null && speed > MAX_SPEED_KMH) {
      flags.push({
        reason: 'speed',
        detail: {
          kmh: Math.round(speed),
          km: Math.round(haversineMeters(previous, input) / 100) / 10,
          minutes: Math.round((c.now.getTime() - previous.at.getTime()) / 6_000) / 10,
        },
      });
    }
  }
  const device = judgeDevice({
    policy: c.devicePolicy,
    devices: c.devices,
    deviceId: input.deviceId ?? null,
    signature: input.deviceSignature ?? null,
    message: deviceMessage(kind, input.challengeId ?? '', actor.id),
  });
  if (device) flags.push(device);
  if (at.office.ipPolicy !== 'off' && !ipAllowed(ip, at.office.ipAllowList)) {
    if (at.office.ipPolicy === 'require') throw forbidden(IP_REFUSED);
    flags.push({ reason: 'ip', detail: { ip, office: at.office.name } });
  }
  return flags;
}

/** What a registered device signs for a punch: the action, the one-time challenge and the account. */
export const deviceMessage = (kind: Kind, challengeId: string, userId: string) => `absensi:${kind}:${challengeId}:${userId}`;

/** Refusals shared by check-in and check-out, in this order, before anything is written. */
async function prepare(actor: SessionUser, input: AttendancePayload, kind: Kind, context?: MarkContext, ip = 'unknown') {
  if (input.userId !== undefined && input.userId.toLowerCase() !== actor.id)
    throw forbidden('Anda hanya dapat melakukan absensi untuk akun Anda sendiri.');
  const c = context ?? (await markSession(actor.id));
  if (!c) throw unauthenticated();
  const now = c.now;
  if (!input.challengeId) throw challengeRequired();
  if (!c.offices.some((o) => o.latitude !== null && o.longitude !== null))
    throw unprocessable('Lokasi kantor belum diatur', 'OFFICE_NOT_SET');
  if (input.accuracy !== null && input.accuracy !== undefined && input.accuracy > c.locationAccuracyMaxM)
    throw accuracyTooLow(input.accuracy, c.locationAccuracyMaxM);
  const at = officeAt(c.offices, input, input.accuracy ?? 0);
  if (!at) throw unprocessable(`Anda berada di luar radius kantor. Tidak dapat melakukan ${kind}.`, 'OUTSIDE_RADIUS');
  const image = decodeFaceImage(input.faceImage);
  const flags = fraudChecks(actor, input, kind, c, at, ip);
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

/** The liveness answer judged by the company's policy (docs/face.md, "Liveness"): adds its flag, or throws under 'required'. */
async function checkLivenessOf(actor: SessionUser, input: AttendancePayload, action: Kind, p: Prepared) {
  const flags = await livenessFlags({
    policy: p.context.livenessPolicy,
    userId: actor.id,
    action,
    challengeId: p.challengeId,
    now: p.now,
    frames: input.liveness?.frames,
    reference: parseFloatArray(p.context.faceDescriptor),
    photoDescriptor: p.descriptor,
    threshold: p.context.faceMatchThreshold,
  });
  p.flags.push(...flags);
}

/** A row of the written record, as the check-in/out statements return it. */
type WrittenRow = Pick<
  Attendance,
  | 'id'
  | 'checkInAt'
  | 'checkInLatitude'
  | 'checkInLongitude'
  | 'checkInAccuracy'
  | 'checkInDistance'
  | 'checkInMethod'
  | 'lateMinutes'
  | 'checkOutAt'
  | 'checkOutLatitude'
  | 'checkOutLongitude'
  | 'checkOutAccuracy'
  | 'checkOutDistance'
  | 'checkOutMethod'
  | 'earlyMinutes'
> & { hasCheckInPhoto: boolean };

const WRITTEN_COLUMNS = `a.id, a."checkInAt", a."checkInLatitude", a."checkInLongitude", a."checkInAccuracy", a."checkInDistance", a."checkInMethod", a."lateMinutes",
  a."checkOutAt", a."checkOutLatitude", a."checkOutLongitude", a."checkOutAccuracy", a."checkOutDistance", a."checkOutMethod", a."earlyMinutes"`;

/**
 * An earlier record of the user on another day with a punch at the same coordinates to 6 decimals
 * (sameCoordinates in lib/attendance/anti-fraud.ts): the SQL condition, `p` being that record.
 */
const sameCoordsCondition = (param: { latitude: number; longitude: number }) =>
  `((round(p."checkInLatitude"::numeric, 6) = round($${param.latitude}::numeric, 6) AND round(p."checkInLongitude"::numeric, 6) = round($${param.longitude}::numeric, 6))
    OR (round(p."checkOutLatitude"::numeric, 6) = round($${param.latitude}::numeric, 6) AND round(p."checkOutLongitude"::numeric, 6) = round($${param.longitude}::numeric, 6)))`;

/** The CTE `r`: flags repeated_coords when an earlier day of the same user has a punch at the same coordinates. */
function repeatedCoordsSql(
  phase: 'check_in' | 'check_out',
  param: { user: number; date: number; latitude: number; longitude: number },
): string {
  return `r AS (
    INSERT INTO "AttendanceFlag" (id, "attendanceId", phase, reason, detail)
    SELECT gen_random_uuid(), a.id, '${phase}', 'repeated_coords', jsonb_build_object('date', to_char(p."workDate", 'YYYY-MM-DD'), 'latitude', $${param.latitude}::float8, 'longitude', $${param.longitude}::float8)
      FROM a, LATERAL (SELECT p."workDate" FROM "Attendance" p
                        WHERE p."userId" = $${param.user}::uuid AND p."workDate" <> $${param.date}::date AND ${sameCoordsCondition(param)}
                        ORDER BY p."workDate" DESC LIMIT 1) p
    ON CONFLICT ("attendanceId", phase, reason) DO NOTHING
  )`;
}

/** Check-out's condition for re-opening the review: a flag from the request ($16) or repeated coordinates. */
const reopenSql = `(jsonb_array_length($16::jsonb) > 0 OR EXISTS (SELECT 1 FROM "Attendance" p WHERE p."userId" = $1::uuid AND p."workDate" <> $2::date AND ${sameCoordsCondition({ latitude: 4, longitude: 5 })}))`;

/** The CTE `dv`: the registered device the punch came from was seen now. */
const deviceSeenSql = (param: { device: number; user: number; now: number }) =>
  `dv AS (UPDATE "Device" SET "lastUsedAt" = $${param.now}::timestamptz WHERE id = $${param.device}::uuid AND "userId" = $${param.user}::uuid AND EXISTS (SELECT 1 FROM a))`;

/** Check-in: the record (with its office and the shift it is measured against), its photo and the photo's
 * re-check job, written together or not at all. ON CONFLICT on (userId, workDate) makes a concurrent
 * second check-in of the shift day write nothing (no row back). */
const CHECK_IN: Statement = {
  name: 'attendance_check_in_v3',
  text: `WITH ${challengeSql('check-in', { id: 19, user: 1, now: 3 })}, a AS (
       INSERT INTO "Attendance" (id, "userId", "workDate", "checkInAt", "checkInLatitude", "checkInLongitude", "checkInAccuracy", "checkInDistance",
                                 "checkInMethod", "checkInFaceScore", "checkInClientTimestamp", "lateMinutes", "updatedAt", "officeId", "dayStatus", "shiftStart", "shiftEnd")
       SELECT gen_random_uuid(), $1::uuid, $2::date, $3::timestamptz, $4::float8, $5::float8, $6::float8, $7::float8, $8, $9::float8, $10::timestamptz, $11::int, $3::timestamptz,
               $15::uuid, $16, $17, $18
         FROM ch
       ON CONFLICT ("userId", "workDate") DO NOTHING
       RETURNING ${WRITTEN_COLUMNS.replaceAll('a.', '')}
     ), ${faceRecheckSql('check_in', { size: 12, data: 13, descriptor: 14 })},
     ${flagsSql('check_in', { flags: 20, device: 21, user: 1 })},
     ${repeatedCoordsSql('check_in', { user: 1, date: 2, latitude: 4, longitude: 5 })},
     ${deviceSeenSql({ device: 21, user: 1, now: 3 })}
     SELECT (SELECT count(*) FROM ch)::int AS "challengeTaken", ${WRITTEN_COLUMNS}, true AS "hasCheckInPhoto" FROM (SELECT 1) one LEFT JOIN a ON true`,
};

/** Check-out: one conditional update (of concurrent check-outs exactly one finds checkOutAt still null),
 * its photo and re-check job. A record whose check-in was already verified waits again for the new verdict. */
const CHECK_OUT: Statement = {
  name: 'attendance_check_out_v2',
  text: `WITH ${challengeSql('check-out', { id: 15, user: 1, now: 3 })}, a AS (
       UPDATE "Attendance"
          SET "checkOutAt" = $3::timestamptz, "checkOutLatitude" = $4::float8, "checkOutLongitude" = $5::float8, "checkOutAccuracy" = $6::float8,
              "checkOutDistance" = $7::float8, "checkOutMethod" = $8, "checkOutFaceScore" = $9::float8, "checkOutClientTimestamp" = $10::timestamptz,
              "earlyMinutes" = $11::int, "updatedAt" = $3::timestamptz,
              "faceCheckStatus" = CASE WHEN "faceCheckStatus" = 'verified' THEN 'pending'::"FaceCheckStatus" ELSE "faceCheckStatus" END,
              -- A new flag brings a decided record back to Perlu Tinjauan (the history stays in AttendanceReview).
              "reviewDecision" = CASE WHEN ${reopenSql} THEN NULL ELSE "reviewDecision" END,
              "reviewedById" = CASE WHEN ${reopenSql} THEN NULL ELSE "reviewedById" END,
              "reviewedAt" = CASE WHEN ${reopenSql} THEN NULL ELSE "reviewedAt" END,
              "reviewNote" = CASE WHEN ${reopenSql} THEN NULL ELSE "reviewNote" END
        WHERE "userId" = $1::uuid AND "workDate" = $2::date AND "checkOutAt" IS NULL AND EXISTS (SELECT 1 FROM ch)
        RETURNING ${WRITTEN_COLUMNS.replaceAll('a.', '')}
     ), ${faceRecheckSql('check_out', { size: 12, data: 13, descriptor: 14 })},
     ${flagsSql('check_out', { flags: 16, device: 17, user: 1 })},
     ${repeatedCoordsSql('check_out', { user: 1, date: 2, latitude: 4, longitude: 5 })},
     ${deviceSeenSql({ device: 17, user: 1, now: 3 })}
     SELECT (SELECT count(*) FROM ch)::int AS "challengeTaken", ${WRITTEN_COLUMNS},
            EXISTS (SELECT 1 FROM "AttendancePhoto" x WHERE x."attendanceId" = a.id AND x.kind = 'check_in') AS "hasCheckInPhoto"
       FROM (SELECT 1) one LEFT JOIN a ON true`,
};

/** Foreign-key violation: the employee was deleted while the request ran. */
function goneUser(err: unknown): never {
  if ((err as { code?: string }).code === '23503') throw unauthenticated();
  throw err;
}

/** The statements' answer: whether the challenge was taken, and the written record (all null when none was). */
type TakenRow = WrittenRow & { challengeTaken: number };

/** The challenge, the flags (JSON) and the device id: the last three parameters of CHECK_IN and CHECK_OUT. */
const fraudParams = (p: Prepared) => [p.challengeId, JSON.stringify(p.flags), p.deviceId];

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
export async function checkIn(actor: SessionUser, input: AttendancePayload, context?: MarkContext, ip?: string) {
  const p = await prepare(actor, input, 'check-in', context, ip);
  const days = new Map(p.context.calendar.map((d) => [d.date, d]));
  const date = checkInDate(p.now, p.timezone, days, new Set(p.context.recent.map((r) => r.date)));
  if (p.context.recent.some((r) => r.date === date)) throw alreadyCheckedIn();
  const { faceScore } = verifyFace(p);
  await checkLivenessOf(actor, input, 'check-in', p);
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

export async function checkOut(actor: SessionUser, input: AttendancePayload, context?: MarkContext, ip?: string) {
  const p = await prepare(actor, input, 'check-out', context, ip);
  const target = checkOutTarget(p.now, p.timezone, p.context.recent);
  if (target.kind === 'none') throw conflict('Anda belum melakukan check-in hari ini', 'NOT_CHECKED_IN');
  if (target.kind === 'done') throw alreadyCheckedOut();
  const { faceScore } = verifyFace(p);
  await checkLivenessOf(actor, input, 'check-out', p);
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

type WithOffice = Attendance & {
  photos: { kind: 'check_in' | 'check_out' }[];
  office: { id: string; name: string; timezone: string } | null;
  flags: { reason: string }[];
};

function todayDto(a: WithOffice, timezone: string): TodayAttendance {
  const m = marks(
    a,
    a.photos.map((p) => p.kind),
  );
  return {
    id: a.id,
    date: dateToKey(a.workDate),
    timezone,
    ...m,
    lateMinutes: a.lateMinutes,
    earlyMinutes: a.earlyMinutes,
    office: a.office ? { id: a.office.id, name: a.office.name } : null,
  };
}

function historyDto(a: WithOffice): HistoryEntry {
  const m = marks(
    a,
    a.photos.map((p) => p.kind),
  );
  return {
    id: a.id,
    date: dateToKey(a.workDate),
    ...m,
    lateMinutes: a.lateMinutes,
    earlyMinutes: a.earlyMinutes,
    faceCheckStatus: a.faceCheckStatus,
    office: a.office
      ? { id: a.office.id, name: a.office.name, timezone: a.office.timezone, zone: zoneAbbreviation(a.office.timezone) }
      : null,
    dayStatus: a.dayStatus,
    reviewDecision: a.reviewDecision,
    shiftStart: a.shiftStart,
    shiftEnd: a.shiftEnd,
    ...reviewState(a),
  };
}

/** Under review: flagged (any reason, or the face status) and not decided; see NEEDS_REVIEW. */
function reviewState(a: WithOffice) {
  const flagReasons = [...new Set([...a.flags.map((f) => f.reason), ...(a.faceCheckStatus === 'flagged' ? ['face'] : [])])].sort();
  return { underReview: flagReasons.length > 0 && a.reviewDecision === null, flagReasons };
}

async function assertUserExists(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, createdAt: true } });
  if (!user) throw notFound('Pengguna tidak ditemukan');
  return user;
}

const photoKindsSelect = {
  photos: { select: { kind: true } },
  office: { select: { id: true, name: true, timezone: true } },
  flags: { select: { reason: true } },
} as const;

/**
 * Today's record: the one dated today in its own office's zone, else a night shift from yesterday still
 * open. Without one, today in the home office's zone.
 */
export async function today(actor: SessionUser, userId: string): Promise<TodayAttendance> {
  assertSelfOrStaff(actor, userId);
  await assertUserExists(userId);
  const now = new Date();
  const home = (await allowedOffices(userId))[0] ?? (await getMainOffice());
  const date = dateKeyInZone(now, home.timezone);
  const rows = await db.attendance.findMany({
    where: { userId, workDate: { gte: dateKeyToDate(addDays(date, -1)), lte: dateKeyToDate(addDays(date, 1)) } },
    include: photoKindsSelect,
    orderBy: { workDate: 'desc' },
  });
  const zoneOf = (r: WithOffice) => r.office?.timezone ?? home.timezone;
  const current =
    rows.find((r) => dateToKey(r.workDate) === dateKeyInZone(now, zoneOf(r))) ??
    rows.find(
      (r) =>
        dateToKey(r.workDate) === addDays(dateKeyInZone(now, zoneOf(r)), -1) && !r.checkOutAt && crossesMidnight(r.shiftStart, r.shiftEnd),
    );
  if (!current)
    return { id: null, date, timezone: home.timezone, checkIn: null, checkOut: null, lateMinutes: null, earlyMinutes: null, office: null };
  return todayDto(current, zoneOf(current));
}

/** One page of a history, newest first, with the count of the whole range. */
export type HistoryPage = { entries: HistoryEntry[]; page: number; pageSize: number; total: number; totalPages: number };

/**
 * Any range (dates optional), a page at a time. A user has at most one record per day, so `workDate`
 * orders the entries fully and pages never overlap; a check-in arriving between two page requests
 * shifts later pages by one entry, which a client reading every page removes by id.
 */
export async function history(actor: SessionUser, userId: string, query: HistoryQuery): Promise<HistoryPage> {
  assertSelfOrStaff(actor, userId);
  await assertUserExists(userId);
  const start = query.startDate ?? null;
  const end = query.endDate ?? null;
  // The dates of the range: every punch record, and every closed day without one that a history shows
  // (absent, leave, dinas luar, a day made present by a correction: docs/daily-close.md).
  const dates = (rows: { date: string }[]) => rows.map((r) => r.date);
  const [[count], page] = await Promise.all([
    db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (${historyDates(userId, start, end)}) x`,
    db.$queryRaw<{ date: string }[]>`
      SELECT d::text AS date FROM (${historyDates(userId, start, end)}) x
      ORDER BY d DESC LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
  ]);
  const keys = dates(page);
  const total = count?.n ?? 0;
  const [rows, days] = keys.length
    ? await Promise.all([
        db.attendance.findMany({ where: { userId, workDate: { in: keys.map(dateKeyToDate) } }, include: photoKindsSelect }),
        storedDays([userId], keys[keys.length - 1]!, keys[0]!),
      ])
    : [[], []];
  const recordOf = new Map(rows.map((r) => [dateToKey(r.workDate), r]));
  const dayOf = new Map(days.map((d) => [d.date, d]));
  const entries = keys.map((date) => {
    const record = recordOf.get(date);
    const day = dayOf.get(date) ?? null;
    return record ? { ...historyDto(record), day } : closedDayEntry(date, day!);
  });
  return { entries, page: query.page, pageSize: query.limit, total, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}

function historyDates(userId: string, start: string | null, end: string | null) {
  return Prisma.sql`
    SELECT "workDate" AS d FROM "Attendance"
     WHERE "userId" = ${userId}::uuid AND (${start}::date IS NULL OR "workDate" >= ${start}::date) AND (${end}::date IS NULL OR "workDate" <= ${end}::date)
    UNION
    SELECT "date" AS d FROM "AttendanceDay"
     WHERE "userId" = ${userId}::uuid AND "attendanceId" IS NULL AND status::text = ANY(${HISTORY_DAY_STATUSES}::text[])
       AND (${start}::date IS NULL OR "date" >= ${start}::date) AND (${end}::date IS NULL OR "date" <= ${end}::date)`;
}

/** A closed day without a punch record, as a history entry (no check-in mark: the record does not exist). */
function closedDayEntry(date: string, day: DayDto): HistoryEntry {
  return {
    id: `hari-${date}`,
    date,
    checkIn: null,
    checkOut: null,
    lateMinutes: day.lateMinutes,
    earlyMinutes: null,
    faceCheckStatus: 'verified',
    office: day.office,
    dayStatus: day.calendarStatus,
    shiftStart: day.shiftStart,
    shiftEnd: day.shiftEnd,
    day,
  };
}

/** This month so far for the employee dashboard (see monthlySummary for the formula; working days from the calendar). */
export async function summary(actor: SessionUser, userId: string): Promise<MonthlySummary> {
  assertSelfOrStaff(actor, userId);
  await assertUserExists(userId);
  const home = (await allowedOffices(userId))[0] ?? (await getMainOffice());
  const todayKey = dateKeyInZone(new Date(), home.timezone);
  const first = `${todayKey.slice(0, 8)}01`;
  const monthStart = dateKeyToDate(first);
  const end = dateKeyToDate(todayKey);
  const [present, leaves, days] = await Promise.all([
    // A record a reviewer rejected is no presence.
    db.attendance.findMany({
      where: { userId, workDate: { gte: monthStart, lte: end }, OR: [{ reviewDecision: null }, { reviewDecision: 'confirmed' }] },
      select: { workDate: true },
    }),
    db.leaveRequest.findMany({
      where: { userId, status: 'approved', startDate: { lte: end }, endDate: { gte: monthStart } },
      select: { startDate: true, endDate: true },
    }),
    calendarDays([userId], first, todayKey),
  ]);
  const leaveDates: string[] = [];
  for (const l of leaves) {
    const from = dateToKey(l.startDate) > first ? dateToKey(l.startDate) : first;
    const to = dateToKey(l.endDate) < todayKey ? dateToKey(l.endDate) : todayKey;
    for (let d = from; d <= to; d = addDays(d, 1)) leaveDates.push(d);
  }
  return monthlySummary({
    today: todayKey,
    presentDates: present.map((r) => dateToKey(r.workDate)),
    leaveDates,
    workingDates: days.filter((d) => d.status === 'kerja').map((d) => d.date),
    employedDates: days.filter((d) => d.status !== 'belum_bergabung' && d.status !== 'nonaktif').map((d) => d.date),
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
    if (owner) assertSelfOrStaff(actor, owner.userId);
    throw notFound('Foto tidak ditemukan');
  }
  assertSelfOrStaff(actor, row.attendance.userId);
  return { mime: row.mime, data: row.data };
}
