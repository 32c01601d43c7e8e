-- Month-end figures exactly right (docs/recap.md, docs/daily-close.md, docs/leave.md):
--
-- 1. Who is on the payroll is a property of the person, "User"."onPayroll" (Ikut penggajian), no longer
--    of the role: employees and HR are on it by default, admin accounts are not (set below for the
--    accounts that exist). absensi_on_payroll() is the one definition the daily close (whose days it
--    classifies), the recap (its rows, head-count and open days) and Tutup Periode (the open-days blocker)
--    all use; absensi_open_days() lists the open days of payroll members, for the recap and the blocker.
-- 2. A half-day leave also stands on a worked day: AttendanceDay keeps the leave (leaveId, halfDay) and
--    the days it counts (leaveDays: 0.5), and the late/early minutes are measured against the half left
--    to work.
-- 3. An hourly permission's kind (PermitKind) says what it covers; the minutes it covered are kept
--    beside the late/early minutes (lateExcusedMinutes, earlyExcusedMinutes).
-- Days already closed in open months are classified again once by the daily jobs
-- (features/daily-close/server/daily-jobs.ts, job 'reclassify_payroll_rules'); closed months keep their
-- rows and snapshot.
-- CreateEnum
CREATE TYPE "PermitKind" AS ENUM ('datang_terlambat', 'pulang_cepat', 'keluar_kantor');

-- AlterTable
ALTER TABLE "AttendanceDay" ADD COLUMN     "earlyExcusedMinutes" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "halfDay" "HalfDay",
ADD COLUMN     "lateExcusedMinutes" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "leaveDays" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "LeaveRequest" ADD COLUMN     "permitKind" "PermitKind";

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "onPayroll" BOOLEAN NOT NULL DEFAULT true;

-- Admin accounts exist to run the system: off the payroll (an admin who works can be put on it again).
UPDATE "User" SET "onPayroll" = false WHERE role = 'admin';

-- The one definition of a payroll member: on the payroll and not waiting for approval of a self-registration.
CREATE FUNCTION "absensi_on_payroll"(u "User") RETURNS boolean
LANGUAGE sql IMMUTABLE
AS $$ SELECT u."onPayroll" AND NOT u."pendingApproval" $$;

-- The days of [p_start, p_end] (of p_users, or everyone) that a payroll member is employed and that have
-- no AttendanceDay yet (belum ditutup): today, the future, or a close that has not run. Only members
-- with fewer rows than dates can have one, so the calendar (the costly part) is computed for them alone.
CREATE FUNCTION "absensi_open_days"(p_start date, p_end date, p_users uuid[] DEFAULT NULL)
RETURNS TABLE ("userId" uuid, "date" date, "officeId" uuid, "status" text)
LANGUAGE sql STABLE
AS $$
  WITH gaps AS (
    SELECT u.id FROM "User" u
    LEFT JOIN (SELECT ad."userId", count(*) AS n FROM "AttendanceDay" ad WHERE ad.date BETWEEN p_start AND p_end GROUP BY 1) c
      ON c."userId" = u.id
    WHERE absensi_on_payroll(u) AND (p_users IS NULL OR u.id = ANY (p_users)) AND coalesce(c.n, 0) < p_end - p_start + 1
  )
  SELECT c."userId", c.date, c."officeId", c.status
  FROM absensi_calendar(p_start, p_end, coalesce((SELECT array_agg(id) FROM gaps), ARRAY[]::uuid[])) c
  WHERE c.status NOT IN ('belum_bergabung', 'nonaktif') AND c."officeId" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "AttendanceDay" x WHERE x."userId" = c."userId" AND x.date = c.date)
$$;
