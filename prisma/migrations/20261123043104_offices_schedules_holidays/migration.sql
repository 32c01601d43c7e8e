-- Branch offices, work schedules, the roster and the holiday calendar (docs/calendar.md).
-- The single office of Settings becomes the main office, the company hours the default schedule,
-- each employee's own hours a schedule of their own; every attendance record keeps its data and
-- gets its office and the shift it was measured against. Nothing is lost.

-- CreateEnum
CREATE TYPE "HolidayKind" AS ENUM ('libur_nasional', 'cuti_bersama', 'libur_perusahaan');

-- CreateEnum
CREATE TYPE "CutiBersamaPolicy" AS ENUM ('potong_cuti', 'libur', 'masuk');

-- CreateTable
CREATE TABLE "Office" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "address" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "radius" INTEGER NOT NULL DEFAULT 100,
    "timezone" TEXT NOT NULL DEFAULT 'Asia/Jakarta',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Office_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserOffice" (
    "userId" UUID NOT NULL,
    "officeId" UUID NOT NULL,

    CONSTRAINT "UserOffice_pkey" PRIMARY KEY ("userId","officeId")
);

-- CreateTable
CREATE TABLE "WorkSchedule" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "breakMinutes" INTEGER NOT NULL DEFAULT 60,
    "lateToleranceMinutes" INTEGER NOT NULL DEFAULT 0,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WorkSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkScheduleDay" (
    "scheduleId" UUID NOT NULL,
    "weekday" INTEGER NOT NULL,
    "start" TEXT,
    "end" TEXT,

    CONSTRAINT "WorkScheduleDay_pkey" PRIMARY KEY ("scheduleId","weekday")
);

-- CreateTable
CREATE TABLE "ScheduleAssignment" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "startDate" DATE NOT NULL,
    "endDate" DATE,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ScheduleAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RosterEntry" (
    "userId" UUID NOT NULL,
    "date" DATE NOT NULL,
    "start" TEXT,
    "end" TEXT,
    "breakMinutes" INTEGER NOT NULL DEFAULT 0,
    "lateToleranceMinutes" INTEGER NOT NULL DEFAULT 0,
    "scheduleId" UUID,
    "label" TEXT,
    "updatedById" UUID,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RosterEntry_pkey" PRIMARY KEY ("userId","date")
);

-- CreateTable
CREATE TABLE "Holiday" (
    "id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "HolidayKind" NOT NULL,
    "officeIds" UUID[] DEFAULT ARRAY[]::UUID[],
    "decree" TEXT,
    "confirmed" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Holiday_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UserOffice_officeId_idx" ON "UserOffice"("officeId");

-- CreateIndex
CREATE UNIQUE INDEX "WorkSchedule_name_key" ON "WorkSchedule"("name");

-- CreateIndex
CREATE INDEX "ScheduleAssignment_userId_startDate_idx" ON "ScheduleAssignment"("userId", "startDate");

-- CreateIndex
CREATE INDEX "RosterEntry_date_idx" ON "RosterEntry"("date");

-- CreateIndex
CREATE INDEX "Holiday_date_idx" ON "Holiday"("date");

-- AlterTable
ALTER TABLE "Attendance" ADD COLUMN     "dayStatus" TEXT,
ADD COLUMN     "officeId" UUID,
ADD COLUMN     "shiftEnd" TEXT,
ADD COLUMN     "shiftStart" TEXT;

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "cutiBersamaPolicy" "CutiBersamaPolicy" NOT NULL DEFAULT 'potong_cuti',
ADD COLUMN     "mainOfficeId" UUID;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "endDate" DATE,
ADD COLUMN     "homeOfficeId" UUID,
ADD COLUMN     "joinDate" DATE,
ADD COLUMN     "scheduleId" UUID;

-- Move the data. Settings may not exist yet on a brand-new database: make its row first.
INSERT INTO "Settings" (id, "updatedAt") VALUES (1, CURRENT_TIMESTAMP) ON CONFLICT (id) DO NOTHING;

INSERT INTO "Office" (id, name, address, latitude, longitude, radius, timezone, "updatedAt")
SELECT gen_random_uuid(), 'Kantor Pusat', s."officeAddress", s."officeLatitude", s."officeLongitude", coalesce(s."officeRadius", 100), coalesce(s.timezone, 'Asia/Jakarta'), CURRENT_TIMESTAMP
FROM "Settings" s WHERE s.id = 1;

UPDATE "Settings" SET "mainOfficeId" = (SELECT id FROM "Office" LIMIT 1) WHERE id = 1;

-- The company hours become the default schedule: its working days get the hours, the rest are rest days.
INSERT INTO "WorkSchedule" (id, name, "breakMinutes", "lateToleranceMinutes", "isDefault", "updatedAt")
VALUES (gen_random_uuid(), 'Jadwal Standar', 60, 0, true, CURRENT_TIMESTAMP);

INSERT INTO "WorkScheduleDay" ("scheduleId", weekday, start, "end")
SELECT w.id, d, CASE WHEN d = ANY(s."workingDays") THEN s."workStart" END, CASE WHEN d = ANY(s."workingDays") THEN s."workEnd" END
FROM "WorkSchedule" w CROSS JOIN generate_series(1, 7) d JOIN "Settings" s ON s.id = 1
WHERE w."isDefault";

-- Each employee's own hours become a schedule of their own on the company's working days.
INSERT INTO "WorkSchedule" (id, name, "breakMinutes", "lateToleranceMinutes", "isDefault", "updatedAt")
SELECT gen_random_uuid(), 'Jam Kerja ' || u.name || ' (' || left(h."userId"::text, 8) || ')', 60, 0, false, CURRENT_TIMESTAMP
FROM "EmployeeWorkingHours" h JOIN "User" u ON u.id = h."userId";

UPDATE "User" u SET "scheduleId" = w.id
FROM "EmployeeWorkingHours" h, "WorkSchedule" w
WHERE h."userId" = u.id AND w.name = 'Jam Kerja ' || u.name || ' (' || left(h."userId"::text, 8) || ')';

INSERT INTO "WorkScheduleDay" ("scheduleId", weekday, start, "end")
SELECT u."scheduleId", d, CASE WHEN d = ANY(s."workingDays") THEN h.start END, CASE WHEN d = ANY(s."workingDays") THEN h."end" END
FROM "EmployeeWorkingHours" h JOIN "User" u ON u.id = h."userId" CROSS JOIN generate_series(1, 7) d JOIN "Settings" s ON s.id = 1;

-- Join dates as they were computed so far (the day of createdAt in the office zone), now explicit.
UPDATE "User" u SET "joinDate" = (u."createdAt" AT TIME ZONE coalesce(s.timezone, 'Asia/Jakarta'))::date FROM "Settings" s WHERE s.id = 1;

-- Existing records: made at the main office, measured against the hours that applied then.
UPDATE "Attendance" a
SET "officeId" = s."mainOfficeId",
    "dayStatus" = CASE WHEN extract(isodow FROM a."workDate")::int = ANY(s."workingDays") THEN 'kerja' ELSE 'istirahat' END,
    "shiftStart" = CASE WHEN extract(isodow FROM a."workDate")::int = ANY(s."workingDays")
                        THEN coalesce((SELECT h.start FROM "EmployeeWorkingHours" h WHERE h."userId" = a."userId"), s."workStart") END,
    "shiftEnd" = CASE WHEN extract(isodow FROM a."workDate")::int = ANY(s."workingDays")
                      THEN coalesce((SELECT h."end" FROM "EmployeeWorkingHours" h WHERE h."userId" = a."userId"), s."workEnd") END
FROM "Settings" s
WHERE s.id = 1;

-- The national calendar of 2025 and 2026 (SKB 3 Menteri), on every installation.
INSERT INTO "Holiday" (id, date, name, kind, decree, confirmed, "updatedAt")
SELECT gen_random_uuid(), v.d::date, v.name, v.kind::"HolidayKind", v.decree, true, CURRENT_TIMESTAMP
FROM (VALUES
  ('2025-01-01', 'Tahun Baru 2025 Masehi', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-01-27', 'Isra Mikraj Nabi Muhammad SAW', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-01-28', 'Cuti Bersama Tahun Baru Imlek', 'cuti_bersama', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-01-29', 'Tahun Baru Imlek 2576 Kongzili', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-03-28', 'Cuti Bersama Hari Suci Nyepi', 'cuti_bersama', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-03-29', 'Hari Suci Nyepi (Tahun Baru Saka 1947)', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-03-31', 'Idul Fitri 1446 H', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-04-01', 'Idul Fitri 1446 H', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-04-02', 'Cuti Bersama Idul Fitri', 'cuti_bersama', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-04-03', 'Cuti Bersama Idul Fitri', 'cuti_bersama', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-04-04', 'Cuti Bersama Idul Fitri', 'cuti_bersama', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-04-07', 'Cuti Bersama Idul Fitri', 'cuti_bersama', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-04-18', 'Wafat Yesus Kristus', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-04-20', 'Kebangkitan Yesus Kristus (Paskah)', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-05-01', 'Hari Buruh Internasional', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-05-12', 'Hari Raya Waisak 2569 BE', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-05-13', 'Cuti Bersama Hari Raya Waisak', 'cuti_bersama', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-05-29', 'Kenaikan Yesus Kristus', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-05-30', 'Cuti Bersama Kenaikan Yesus Kristus', 'cuti_bersama', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-06-01', 'Hari Lahir Pancasila', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-06-06', 'Idul Adha 1446 H', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-06-09', 'Cuti Bersama Idul Adha', 'cuti_bersama', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-06-27', 'Tahun Baru Islam 1447 H', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-08-17', 'Hari Proklamasi Kemerdekaan RI', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-08-18', 'Cuti Bersama Hari Kemerdekaan RI', 'cuti_bersama', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024 (perubahan Agustus 2025)'),
  ('2025-09-05', 'Maulid Nabi Muhammad SAW', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-12-25', 'Hari Raya Natal', 'libur_nasional', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2025-12-26', 'Cuti Bersama Hari Raya Natal', 'cuti_bersama', 'SKB 3 Menteri No. 1017/2024, 2/2024, 2/2024'),
  ('2026-01-01', 'Tahun Baru 2026 Masehi', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-01-16', 'Isra Mikraj Nabi Muhammad SAW', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-02-16', 'Cuti Bersama Tahun Baru Imlek', 'cuti_bersama', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-02-17', 'Tahun Baru Imlek 2577 Kongzili', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-03-18', 'Cuti Bersama Hari Suci Nyepi', 'cuti_bersama', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-03-19', 'Hari Suci Nyepi (Tahun Baru Saka 1948)', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-03-20', 'Cuti Bersama Idul Fitri', 'cuti_bersama', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-03-21', 'Idul Fitri 1447 H', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-03-22', 'Idul Fitri 1447 H', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-03-23', 'Cuti Bersama Idul Fitri', 'cuti_bersama', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-03-24', 'Cuti Bersama Idul Fitri', 'cuti_bersama', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-04-03', 'Wafat Yesus Kristus', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-04-05', 'Kebangkitan Yesus Kristus (Paskah)', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-05-01', 'Hari Buruh Internasional', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-05-14', 'Kenaikan Yesus Kristus', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-05-15', 'Cuti Bersama Kenaikan Yesus Kristus', 'cuti_bersama', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-05-27', 'Idul Adha 1447 H', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-05-28', 'Cuti Bersama Idul Adha', 'cuti_bersama', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-05-31', 'Hari Raya Waisak 2570 BE', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-06-01', 'Hari Lahir Pancasila', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-06-16', 'Tahun Baru Islam 1448 H', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-08-17', 'Hari Proklamasi Kemerdekaan RI', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-08-25', 'Maulid Nabi Muhammad SAW', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-12-24', 'Cuti Bersama Hari Raya Natal', 'cuti_bersama', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025'),
  ('2026-12-25', 'Hari Raya Natal', 'libur_nasional', 'SKB 3 Menteri No. 1497/2025, 2/2025, 5/2025')
) AS v(d, name, kind, decree);

-- The moved columns and table
ALTER TABLE "Settings" DROP COLUMN "officeAddress",
DROP COLUMN "officeLatitude",
DROP COLUMN "officeLongitude",
DROP COLUMN "officeRadius",
DROP COLUMN "timezone",
DROP COLUMN "workEnd",
DROP COLUMN "workStart",
DROP COLUMN "workingDays";

DROP TABLE "EmployeeWorkingHours";

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_homeOfficeId_fkey" FOREIGN KEY ("homeOfficeId") REFERENCES "Office"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "WorkSchedule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserOffice" ADD CONSTRAINT "UserOffice_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserOffice" ADD CONSTRAINT "UserOffice_officeId_fkey" FOREIGN KEY ("officeId") REFERENCES "Office"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkScheduleDay" ADD CONSTRAINT "WorkScheduleDay_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "WorkSchedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleAssignment" ADD CONSTRAINT "ScheduleAssignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleAssignment" ADD CONSTRAINT "ScheduleAssignment_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "WorkSchedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RosterEntry" ADD CONSTRAINT "RosterEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Attendance" ADD CONSTRAINT "Attendance_officeId_fkey" FOREIGN KEY ("officeId") REFERENCES "Office"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- One answer to "expected at work?" (docs/calendar.md), in two layers:
--   absensi_class_days: what each date is for a (schedule, office) pair: holidays of that office, the
--     schedule's weekday and the cuti bersama policy. Few rows (pairs in use × days).
--   absensi_calendar: each employee-date: before joining, after leaving, a roster cell (a shift wins
--     even over a holiday: an admin rostered it on purpose; a rest day), else the class day of the
--     schedule that applies that date (the newest assignment covering it, the employee's own, the
--     company default) at the employee's home office.
-- Reports aggregate the class days and correct them on the few cells that differ (roster cells and
-- assignment days: p_overrides_only), instead of building every employee-day.
CREATE FUNCTION "absensi_class_days"(p_start date, p_end date, p_users uuid[] DEFAULT NULL)
RETURNS TABLE (
  "scheduleId" uuid, "officeId" uuid, "date" date, "status" text,
  "shiftStart" text, "shiftEnd" text, "breakMinutes" int, "lateToleranceMinutes" int,
  "holidayKind" text, "holidayName" text
)
LANGUAGE sql STABLE
SET jit = off
AS $$
  WITH cfg AS (
    SELECT s."mainOfficeId" AS main_office, coalesce(s."cutiBersamaPolicy"::text, 'potong_cuti') AS policy,
           (SELECT w.id FROM "WorkSchedule" w WHERE w."isDefault" ORDER BY w."createdAt", w.id LIMIT 1) AS default_schedule
    FROM (SELECT 1) one LEFT JOIN "Settings" s ON s.id = 1
  ),
  emp AS (
    SELECT u.id, coalesce(u."homeOfficeId", cfg.main_office) AS office, coalesce(u."scheduleId", cfg.default_schedule) AS schedule
    FROM "User" u CROSS JOIN cfg
    WHERE p_users IS NULL OR u.id = ANY (p_users)
  ),
  pairs AS (
    SELECT DISTINCT schedule, office FROM emp
    UNION
    SELECT DISTINCT a."scheduleId", e.office
    FROM "ScheduleAssignment" a JOIN emp e ON e.id = a."userId"
    WHERE a."startDate" <= p_end AND (a."endDate" IS NULL OR a."endDate" >= p_start)
  ),
  hol AS (
    SELECT DISTINCT ON (h.date, o.id) h.date AS d, o.id AS office, h.kind::text AS kind, h.name
    FROM "Holiday" h
    JOIN "Office" o ON cardinality(coalesce(h."officeIds", '{}'::uuid[])) = 0 OR o.id = ANY (h."officeIds")
    WHERE h.date BETWEEN p_start AND p_end
    ORDER BY h.date, o.id, CASE h.kind WHEN 'libur_nasional' THEN 0 WHEN 'libur_perusahaan' THEN 1 ELSE 2 END, h.name
  ),
  classified AS (
    SELECT p.schedule, p.office, g::date AS d, wd.start AS s_start, wd."end" AS s_end, ws."breakMinutes" AS brk, ws."lateToleranceMinutes" AS tol,
           h.kind AS hkind, h.name AS hname,
           CASE
             WHEN h.kind IN ('libur_nasional', 'libur_perusahaan') THEN h.kind
             WHEN wd.start IS NULL THEN 'istirahat'
             WHEN h.kind = 'cuti_bersama' AND cfg.policy <> 'masuk' THEN 'cuti_bersama'
             ELSE 'kerja'
           END AS status
    FROM pairs p
    CROSS JOIN generate_series(p_start::timestamp, p_end::timestamp, interval '1 day') g
    CROSS JOIN cfg
    LEFT JOIN "WorkSchedule" ws ON ws.id = p.schedule
    LEFT JOIN "WorkScheduleDay" wd ON wd."scheduleId" = p.schedule AND wd.weekday = extract(isodow FROM g)::int
    LEFT JOIN hol h ON h.d = g::date AND h.office = p.office
  )
  SELECT schedule, office, d, status,
         CASE WHEN status = 'kerja' THEN s_start END, CASE WHEN status = 'kerja' THEN s_end END,
         CASE WHEN status = 'kerja' THEN brk END, CASE WHEN status = 'kerja' THEN tol END,
         hkind, hname
  FROM classified
$$;

CREATE FUNCTION "absensi_calendar"(p_start date, p_end date, p_users uuid[] DEFAULT NULL, p_overrides_only boolean DEFAULT false)
RETURNS TABLE (
  "userId" uuid, "date" date, "status" text, "officeId" uuid, "timezone" text,
  "shiftStart" text, "shiftEnd" text, "breakMinutes" int, "lateToleranceMinutes" int,
  "holidayKind" text, "holidayName" text
)
LANGUAGE sql STABLE
SET jit = off
SET enable_mergejoin = off
SET work_mem = '64MB'
AS $$
  WITH cfg AS (
    SELECT s."mainOfficeId" AS main_office,
           (SELECT w.id FROM "WorkSchedule" w WHERE w."isDefault" ORDER BY w."createdAt", w.id LIMIT 1) AS default_schedule
    FROM (SELECT 1) one LEFT JOIN "Settings" s ON s.id = 1
  ),
  emp AS MATERIALIZED (
    SELECT u.id, o.id AS office, coalesce(o.timezone, 'Asia/Jakarta') AS tz, coalesce(u."scheduleId", cfg.default_schedule) AS schedule,
           coalesce(u."joinDate", (u."createdAt" AT TIME ZONE coalesce(o.timezone, 'Asia/Jakarta'))::date) AS join_d, u."endDate" AS end_d
    FROM "User" u CROSS JOIN cfg
    LEFT JOIN "Office" o ON o.id = coalesce(u."homeOfficeId", cfg.main_office)
    WHERE p_users IS NULL OR u.id = ANY (p_users)
  ),
  assigned AS MATERIALIZED (
    SELECT DISTINCT ON (a."userId", g::date) a."userId" AS uid, g::date AS d, a."scheduleId" AS schedule
    FROM "ScheduleAssignment" a
    JOIN emp e ON e.id = a."userId"
    CROSS JOIN LATERAL generate_series(greatest(a."startDate", p_start)::timestamp, least(coalesce(a."endDate", p_end), p_end)::timestamp, interval '1 day') g
    WHERE a."startDate" <= p_end AND (a."endDate" IS NULL OR a."endDate" >= p_start)
    ORDER BY a."userId", g::date, a."startDate" DESC, a."createdAt" DESC
  ),
  roster AS MATERIALIZED (
    SELECT r.* FROM "RosterEntry" r JOIN emp e ON e.id = r."userId" WHERE r.date BETWEEN p_start AND p_end
  ),
  cd AS MATERIALIZED (SELECT * FROM absensi_class_days(p_start, p_end, p_users)),
  cells AS (
    SELECT e.id, g::date AS d FROM emp e CROSS JOIN generate_series(p_start::timestamp, p_end::timestamp, interval '1 day') g WHERE NOT p_overrides_only
    UNION ALL
    SELECT DISTINCT o.uid, o.d FROM (SELECT uid, d FROM assigned UNION ALL SELECT "userId", date FROM roster) o WHERE p_overrides_only
  ),
  classified AS (
    SELECT e.id, c.d, e.office, e.tz, cd."holidayKind" AS hkind, cd."holidayName" AS hname,
           CASE WHEN r."userId" IS NOT NULL THEN r.start ELSE cd."shiftStart" END AS s_start,
           CASE WHEN r."userId" IS NOT NULL THEN r."end" ELSE cd."shiftEnd" END AS s_end,
           CASE WHEN r."userId" IS NOT NULL THEN r."breakMinutes" ELSE cd."breakMinutes" END AS brk,
           CASE WHEN r."userId" IS NOT NULL THEN r."lateToleranceMinutes" ELSE cd."lateToleranceMinutes" END AS tol,
           CASE
             WHEN c.d < e.join_d THEN 'belum_bergabung'
             WHEN e.end_d IS NOT NULL AND c.d > e.end_d THEN 'nonaktif'
             WHEN r."userId" IS NOT NULL AND r.start IS NOT NULL THEN 'kerja'
             WHEN r."userId" IS NOT NULL THEN CASE WHEN cd."holidayKind" IN ('libur_nasional', 'libur_perusahaan') THEN cd."holidayKind" ELSE 'istirahat' END
             ELSE coalesce(cd.status, 'istirahat')
           END AS status
    FROM cells c
    JOIN emp e ON e.id = c.id
    LEFT JOIN assigned asg ON asg.uid = c.id AND asg.d = c.d
    LEFT JOIN roster r ON r."userId" = c.id AND r.date = c.d
    LEFT JOIN cd
      ON cd."scheduleId" = coalesce(asg.schedule, e.schedule) AND cd."officeId" = e.office AND cd.date = c.d
  )
  SELECT id, d, status, office, tz,
         CASE WHEN status = 'kerja' THEN s_start END, CASE WHEN status = 'kerja' THEN s_end END,
         CASE WHEN status = 'kerja' THEN brk END, CASE WHEN status = 'kerja' THEN tol END,
         hkind, hname
  FROM classified
$$;
