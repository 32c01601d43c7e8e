// The check-in/out routes' session loader (route option `session`, lib/server/http.ts): the session row
// widened with everything the punch rules need, in one statement. It depends on the session columns of
// lib/server/auth/session.ts; the HTTP wrapper only receives it as a function, so neither imports the
// other and nothing here imports the punch service (docs/architecture.md, "The request path").
import { sql, type Statement } from '@/lib/server/db';
import { SESSION_COLUMNS, notRevoked, type SessionRow } from '@/lib/server/auth/session';
import type { OpenRecord, ShiftDay } from '@/features/attendance/lib/shift';
import type { LivenessPolicy } from '@/features/settings/validation/settings';
import type { DeviceKey } from '@/features/anti-fraud/server/devices';

/** An office the employee may punch at, as the check-in statement reads it. */
export type MarkOffice = {
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
export type RecentPunches = OpenRecord & {
  inAt: string;
  inLat: number;
  inLng: number;
  inAcc: number | null;
  outAt: string | null;
  outLat: number | null;
  outLng: number | null;
  outAcc: number | null;
  /** The punched break (docs/calendar.md, "Istirahat"). */
  breakStartAt: string | null;
  breakEndAt: string | null;
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
  /** The calendar (absensi_calendar_core, inlined into the statement) from two days before to the day after today (UTC). */
  calendar: ShiftDay[];
  /** The employee's records dated from two days before to the day after today (UTC). */
  recent: RecentPunches[];
  /**
   * The employee's open (unused, unexpired) challenges, at most MAX_OPEN_CHALLENGES: the one the request
   * names gives the liveness steps and when they were asked, with no round trip of its own.
   */
  challenges: OpenChallenge[];
};

/** An open one-time challenge (features/attendance/server/challenge.ts) as the session statement reads it. */
export type OpenChallenge = { id: string; action: string; steps: string[]; createdAt: string };

/**
 * The session row, the face settings and profile, the employee's offices, calendar, recent records
 * and open challenges: one round trip. Check-in is the hottest write of the day (everyone arrives within
 * minutes), so it reads and writes with plain SQL on the app's connections rather than several
 * client queries (bench/checkin.bench.ts).
 */
const MARK_SESSION: Statement = {
  name: 'attendance_mark_session_v7',
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
                                                          'lateToleranceMinutes', c."lateToleranceMinutes", 'breakMinutes', c."breakMinutes"))
                          FROM absensi_calendar_core($2::date - 2, $2::date + 1, ARRAY[u.id], false, false) c), '[]'::json) AS calendar,
              COALESCE((SELECT json_agg(json_build_object('date', to_char(a."workDate", 'YYYY-MM-DD'), 'checkedOut', a."checkOutAt" IS NOT NULL,
                                                          'shiftStart', a."shiftStart", 'shiftEnd', a."shiftEnd",
                                                          'inAt', a."checkInAt", 'inLat', a."checkInLatitude", 'inLng', a."checkInLongitude", 'inAcc', a."checkInAccuracy",
                                                          'outAt', a."checkOutAt", 'outLat', a."checkOutLatitude", 'outLng', a."checkOutLongitude", 'outAcc', a."checkOutAccuracy",
                                                          'breakStartAt', a."breakStartAt", 'breakEndAt', a."breakEndAt"))
                          FROM "Attendance" a
                         WHERE a."userId" = u.id AND a."workDate" BETWEEN $2::date - 2 AND $2::date + 1), '[]'::json) AS recent,
              COALESCE((SELECT json_agg(json_build_object('id', c.id, 'action', c.action, 'steps', c.steps, 'createdAt', c."createdAt"))
                          FROM "AttendanceChallenge" c
                         WHERE c."userId" = u.id AND c."usedAt" IS NULL AND c."expiresAt" > $4::timestamptz), '[]'::json) AS challenges
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
  const row = (await sql<Omit<MarkSession, 'now'>>(MARK_SESSION, [userId, now.toISOString().slice(0, 10), sessionId, now]))[0];
  return row && { ...row, now };
};
