// The two write statements of a check-in/out (the second of its two round trips; the first is the
// session loader, attendance-session.ts). Each writes the record, its photo, its re-check job and its
// flags together or not at all, takes the one-time challenge in the same statement, and emits the
// webhook event attendance.recorded with them (its outbox rows commit with the record or not at all).
import type { Statement } from '@/lib/server/db';
import { faceRecheckSql } from '@/features/face/server/face-verification';
import { challengeSql } from '@/features/attendance/server/challenge';
import { flagsSql } from '@/features/attendance/server/attendance-flags';
import type { MarkColumns } from '@/features/attendance/server/attendance-marks';
import { webhookEventSql } from '@/features/webhooks/server/webhook-emit';

/** A row of the written record, as the check-in/out statements return it. */
export type WrittenRow = MarkColumns & { hasCheckInPhoto: boolean };

const WRITTEN_COLUMNS = `a.id, a."checkInAt", a."checkInLatitude", a."checkInLongitude", a."checkInAccuracy", a."checkInDistance", a."checkInMethod", a."lateMinutes",
  a."checkOutAt", a."checkOutLatitude", a."checkOutLongitude", a."checkOutAccuracy", a."checkOutDistance", a."checkOutMethod", a."earlyMinutes"`;

/**
 * An earlier record of the user on another day with a punch at the same coordinates to 6 decimals
 * (sameCoordinates in features/attendance/lib/anti-fraud.ts): the SQL condition, `p` being that record.
 */
const sameCoordsCondition = (param: { latitude: number; longitude: number }) =>
  `((round(p."checkInLatitude"::numeric, 6) = round($${param.latitude}::numeric, 6) AND round(p."checkInLongitude"::numeric, 6) = round($${param.longitude}::numeric, 6))
    OR (round(p."checkOutLatitude"::numeric, 6) = round($${param.latitude}::numeric, 6) AND round(p."checkOutLongitude"::numeric, 6) = round($${param.longitude}::numeric, 6)))`;

/**
 * The CTE `r`: flags repeated_coords when an earlier day of the same user has a punch at the same
 * coordinates. Not for a kiosk punch (`kiosk` the parameter of its id): a kiosk stands at its office's
 * coordinates every day (docs/kiosk.md).
 */
function repeatedCoordsSql(
  phase: 'check_in' | 'check_out',
  param: { user: number; date: number; latitude: number; longitude: number; kiosk: number },
): string {
  return `r AS (
    INSERT INTO "AttendanceFlag" (id, "attendanceId", phase, reason, detail)
    SELECT gen_random_uuid(), a.id, '${phase}', 'repeated_coords', jsonb_build_object('date', to_char(p."workDate", 'YYYY-MM-DD'), 'latitude', $${param.latitude}::float8, 'longitude', $${param.longitude}::float8)
      FROM a, LATERAL (SELECT p."workDate" FROM "Attendance" p
                        WHERE $${param.kiosk}::uuid IS NULL AND p."userId" = $${param.user}::uuid AND p."workDate" <> $${param.date}::date AND ${sameCoordsCondition(param)}
                        ORDER BY p."workDate" DESC LIMIT 1) p
    ON CONFLICT ("attendanceId", phase, reason) DO NOTHING
  )`;
}

/** Check-out's condition for re-opening the review: a flag from the request ($16) or repeated coordinates (not at a kiosk, $18). */
const reopenSql = `(jsonb_array_length($16::jsonb) > 0 OR ($18::uuid IS NULL AND EXISTS (SELECT 1 FROM "Attendance" p WHERE p."userId" = $1::uuid AND p."workDate" <> $2::date AND ${sameCoordsCondition({ latitude: 4, longitude: 5 })})))`;

/** The CTE `dv`: the registered device the punch came from was seen now. */
export const deviceSeenSql = (param: { device: number; user: number; now: number }) =>
  `dv AS (UPDATE "Device" SET "lastUsedAt" = $${param.now}::timestamptz WHERE id = $${param.device}::uuid AND "userId" = $${param.user}::uuid AND EXISTS (SELECT 1 FROM a))`;

/** The CTEs `wd`/`wj`: the event attendance.recorded for the written row `a` (docs/webhooks.md); none written, none sent. */
const recordedEventSql = (action: 'check_in' | 'check_out', param: { user: number; date: number; kiosk: number }) => {
  const at = action === 'check_in' ? 'checkIn' : 'checkOut';
  return webhookEventSql(
    'attendance.recorded',
    'a',
    `jsonb_build_object('attendanceId', a.id, 'action', '${action}', 'date', $${param.date}::date,
       'at', to_char(a."${at}At" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'method', a."${at}Method",
       'lateMinutes', a."lateMinutes", 'earlyMinutes', a."earlyMinutes", 'officeId', a."officeId", 'kioskId', $${param.kiosk}::uuid,
       'employee', (SELECT jsonb_build_object('id', u.id, 'name', u.name, 'email', u.email, 'employeeNumber', u."employeeNumber")
                      FROM "User" u WHERE u.id = $${param.user}::uuid))`,
  );
};

/** Check-in: the record (with its office, the shift it is measured against and the kiosk it was made on, $22),
 * its photo and the photo's re-check job, written together or not at all. ON CONFLICT on (userId, workDate) makes a concurrent
 * second check-in of the shift day write nothing (no row back). */
export const CHECK_IN: Statement = {
  name: 'attendance_check_in_v5',
  text: `WITH ${challengeSql('check-in', { id: 19, user: 1, now: 3 })}, a AS (
       INSERT INTO "Attendance" (id, "userId", "workDate", "checkInAt", "checkInLatitude", "checkInLongitude", "checkInAccuracy", "checkInDistance",
                                 "checkInMethod", "checkInFaceScore", "checkInClientTimestamp", "lateMinutes", "updatedAt", "officeId", "dayStatus", "shiftStart", "shiftEnd", "checkInKioskId")
       SELECT gen_random_uuid(), $1::uuid, $2::date, $3::timestamptz, $4::float8, $5::float8, $6::float8, $7::float8, $8, $9::float8, $10::timestamptz, $11::int, $3::timestamptz,
               $15::uuid, $16, $17, $18, $22::uuid
         FROM ch
       ON CONFLICT ("userId", "workDate") DO NOTHING
       RETURNING ${WRITTEN_COLUMNS.replaceAll('a.', '')}, "officeId"
     ), ${faceRecheckSql('check_in', { size: 12, data: 13, descriptor: 14 })},
     ${flagsSql('check_in', { flags: 20, device: 21, user: 1 })},
     ${repeatedCoordsSql('check_in', { user: 1, date: 2, latitude: 4, longitude: 5, kiosk: 22 })},
     ${deviceSeenSql({ device: 21, user: 1, now: 3 })},
     ${recordedEventSql('check_in', { user: 1, date: 2, kiosk: 22 })}
     SELECT (SELECT count(*) FROM ch)::int AS "challengeTaken", ${WRITTEN_COLUMNS}, true AS "hasCheckInPhoto" FROM (SELECT 1) one LEFT JOIN a ON true`,
};

/** Check-out: one conditional update (of concurrent check-outs exactly one finds checkOutAt still null),
 * its photo and re-check job; $18 the kiosk it was made on. A record whose check-in was already verified waits again for the new verdict. */
export const CHECK_OUT: Statement = {
  name: 'attendance_check_out_v4',
  text: `WITH ${challengeSql('check-out', { id: 15, user: 1, now: 3 })}, a AS (
       UPDATE "Attendance"
          SET "checkOutAt" = $3::timestamptz, "checkOutLatitude" = $4::float8, "checkOutLongitude" = $5::float8, "checkOutAccuracy" = $6::float8,
              "checkOutDistance" = $7::float8, "checkOutMethod" = $8, "checkOutFaceScore" = $9::float8, "checkOutClientTimestamp" = $10::timestamptz,
              "earlyMinutes" = $11::int, "updatedAt" = $3::timestamptz, "checkOutKioskId" = $18::uuid,
              "faceCheckStatus" = CASE WHEN "faceCheckStatus" = 'verified' THEN 'pending'::"FaceCheckStatus" ELSE "faceCheckStatus" END,
              -- A new flag brings a decided record back to Perlu Tinjauan (the history stays in AttendanceReview).
              "reviewDecision" = CASE WHEN ${reopenSql} THEN NULL ELSE "reviewDecision" END,
              "reviewedById" = CASE WHEN ${reopenSql} THEN NULL ELSE "reviewedById" END,
              "reviewedAt" = CASE WHEN ${reopenSql} THEN NULL ELSE "reviewedAt" END,
              "reviewNote" = CASE WHEN ${reopenSql} THEN NULL ELSE "reviewNote" END
        WHERE "userId" = $1::uuid AND "workDate" = $2::date AND "checkOutAt" IS NULL AND EXISTS (SELECT 1 FROM ch)
        RETURNING ${WRITTEN_COLUMNS.replaceAll('a.', '')}, "officeId"
     ), ${faceRecheckSql('check_out', { size: 12, data: 13, descriptor: 14 })},
     ${flagsSql('check_out', { flags: 16, device: 17, user: 1 })},
     ${repeatedCoordsSql('check_out', { user: 1, date: 2, latitude: 4, longitude: 5, kiosk: 18 })},
     ${deviceSeenSql({ device: 17, user: 1, now: 3 })},
     ${recordedEventSql('check_out', { user: 1, date: 2, kiosk: 18 })}
     SELECT (SELECT count(*) FROM ch)::int AS "challengeTaken", ${WRITTEN_COLUMNS},
            EXISTS (SELECT 1 FROM "AttendancePhoto" x WHERE x."attendanceId" = a.id AND x.kind = 'check_in') AS "hasCheckInPhoto"
       FROM (SELECT 1) one LEFT JOIN a ON true`,
};

/** The statements' answer: whether the challenge was taken, and the written record (all null when none was). */
export type TakenRow = WrittenRow & { challengeTaken: number };
