-- Rekap Bulanan's sums (docs/recap.md, "The month's sums"): AttendanceMonth holds, per payroll member, month and
-- office, the counts and minutes of the closed days (AttendanceDay) that the recap used to add up from a
-- month of days at every look (155,000 rows at 5,000 employees). Triggers on AttendanceDay keep it in step in
-- the same statement's transaction, whatever writes the days (the daily close, a correction, a leave that
-- reaches closed days, a user deleted with its days): each statement adds its new rows and subtracts its old
-- ones, so two transactions writing one member's month at once add up instead of overwriting each other.
-- absensi_open_days() reads the members' closed-day counts from it for whole months.
-- CreateTable
CREATE TABLE "AttendanceMonth" (
    "userId" UUID NOT NULL,
    "month" DATE NOT NULL,
    "officeId" UUID NOT NULL,
    "days" INTEGER NOT NULL DEFAULT 0,
    "workDays" INTEGER NOT NULL DEFAULT 0,
    "present" INTEGER NOT NULL DEFAULT 0,
    "dinasLuar" INTEGER NOT NULL DEFAULT 0,
    "lateCount" INTEGER NOT NULL DEFAULT 0,
    "lateMinutes" INTEGER NOT NULL DEFAULT 0,
    "earlyCount" INTEGER NOT NULL DEFAULT 0,
    "earlyMinutes" INTEGER NOT NULL DEFAULT 0,
    "alpa" INTEGER NOT NULL DEFAULT 0,
    "libur" INTEGER NOT NULL DEFAULT 0,
    "istirahat" INTEGER NOT NULL DEFAULT 0,
    "holidaysWorked" INTEGER NOT NULL DEFAULT 0,
    "restDaysWorked" INTEGER NOT NULL DEFAULT 0,
    "lupaCheckout" INTEGER NOT NULL DEFAULT 0,
    "correctedDays" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AttendanceMonth_pkey" PRIMARY KEY ("userId","month","officeId")
);

-- CreateIndex
CREATE INDEX "AttendanceMonth_month_idx" ON "AttendanceMonth"("month");

-- What one day adds to its month's sums: the recap's definitions (features/recap/server/recap-rows.ts).
CREATE FUNCTION "absensi_attendance_month_apply"() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.* FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.* FROM old_rows o'
    ELSE 'SELECT 1 AS sign, n.* FROM new_rows n UNION ALL SELECT -1 AS sign, o.* FROM old_rows o'
  END;
  zu uuid[];
  zm date[];
  zo uuid[];
BEGIN
  EXECUTE format($q$
    WITH d AS (
      SELECT "userId", date_trunc('month', date)::date AS month, "officeId",
        sum(sign)::int AS days,
        sum(sign * ("calendarStatus" = 'kerja')::int)::int AS "workDays",
        sum(sign * (status IN ('hadir', 'dinas_luar', 'lupa_checkout'))::int)::int AS present,
        sum(sign * (status = 'dinas_luar')::int)::int AS "dinasLuar",
        sum(sign * ("lateMinutes" > 0)::int)::int AS "lateCount",
        sum(sign * "lateMinutes")::int AS "lateMinutes",
        sum(sign * ("earlyMinutes" > 0)::int)::int AS "earlyCount",
        sum(sign * "earlyMinutes")::int AS "earlyMinutes",
        sum(sign * (status = 'alpa')::int)::int AS alpa,
        sum(sign * (status = 'libur')::int)::int AS libur,
        sum(sign * (status = 'istirahat')::int)::int AS istirahat,
        sum(sign * ("calendarStatus" IN ('libur_nasional', 'libur_perusahaan', 'cuti_bersama')
          AND status IN ('hadir', 'dinas_luar', 'lupa_checkout'))::int)::int AS "holidaysWorked",
        sum(sign * ("calendarStatus" = 'istirahat' AND status IN ('hadir', 'dinas_luar', 'lupa_checkout'))::int)::int AS "restDaysWorked",
        sum(sign * (status = 'lupa_checkout')::int)::int AS "lupaCheckout",
        sum(sign * ("correctionId" IS NOT NULL)::int)::int AS "correctedDays"
      FROM (%s) x
      GROUP BY 1, 2, 3
    ), up AS (
      INSERT INTO "AttendanceMonth" AS m
      SELECT "userId", month, "officeId", days, "workDays", present, "dinasLuar", "lateCount", "lateMinutes", "earlyCount",
        "earlyMinutes", alpa, libur, istirahat, "holidaysWorked", "restDaysWorked", "lupaCheckout", "correctedDays"
      FROM d
      ON CONFLICT ("userId", month, "officeId") DO UPDATE SET
        days = m.days + excluded.days,
        "workDays" = m."workDays" + excluded."workDays",
        present = m.present + excluded.present,
        "dinasLuar" = m."dinasLuar" + excluded."dinasLuar",
        "lateCount" = m."lateCount" + excluded."lateCount",
        "lateMinutes" = m."lateMinutes" + excluded."lateMinutes",
        "earlyCount" = m."earlyCount" + excluded."earlyCount",
        "earlyMinutes" = m."earlyMinutes" + excluded."earlyMinutes",
        alpa = m.alpa + excluded.alpa,
        libur = m.libur + excluded.libur,
        istirahat = m.istirahat + excluded.istirahat,
        "holidaysWorked" = m."holidaysWorked" + excluded."holidaysWorked",
        "restDaysWorked" = m."restDaysWorked" + excluded."restDaysWorked",
        "lupaCheckout" = m."lupaCheckout" + excluded."lupaCheckout",
        "correctedDays" = m."correctedDays" + excluded."correctedDays"
      RETURNING m."userId", m.month, m."officeId", m.days
    )
    SELECT array_agg("userId"), array_agg(month), array_agg("officeId") FROM up WHERE days <= 0
  $q$, src) INTO zu, zm, zo;
  -- A month's office without days any more (every day deleted, or moved to another office) leaves no row.
  IF zu IS NOT NULL THEN
    DELETE FROM "AttendanceMonth" z USING unnest(zu, zm, zo) k(u, m, o)
    WHERE z."userId" = k.u AND z.month = k.m AND z."officeId" = k.o AND z.days <= 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "AttendanceDay_month_insert" AFTER INSERT ON "AttendanceDay"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "absensi_attendance_month_apply"();
CREATE TRIGGER "AttendanceDay_month_update" AFTER UPDATE ON "AttendanceDay"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "absensi_attendance_month_apply"();
CREATE TRIGGER "AttendanceDay_month_delete" AFTER DELETE ON "AttendanceDay"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "absensi_attendance_month_apply"();

-- TRUNCATE fires no row or transition triggers: the sums go with the days.
CREATE FUNCTION "absensi_attendance_month_truncate"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  TRUNCATE "AttendanceMonth";
  RETURN NULL;
END
$$;
CREATE TRIGGER "AttendanceDay_month_truncate" AFTER TRUNCATE ON "AttendanceDay"
  FOR EACH STATEMENT EXECUTE FUNCTION "absensi_attendance_month_truncate"();

-- The sums of the days already closed.
INSERT INTO "AttendanceMonth"
SELECT "userId", date_trunc('month', date)::date, "officeId", count(*)::int,
  count(*) FILTER (WHERE "calendarStatus" = 'kerja')::int,
  count(*) FILTER (WHERE status IN ('hadir', 'dinas_luar', 'lupa_checkout'))::int,
  count(*) FILTER (WHERE status = 'dinas_luar')::int,
  count(*) FILTER (WHERE "lateMinutes" > 0)::int,
  coalesce(sum("lateMinutes"), 0)::int,
  count(*) FILTER (WHERE "earlyMinutes" > 0)::int,
  coalesce(sum("earlyMinutes"), 0)::int,
  count(*) FILTER (WHERE status = 'alpa')::int,
  count(*) FILTER (WHERE status = 'libur')::int,
  count(*) FILTER (WHERE status = 'istirahat')::int,
  count(*) FILTER (WHERE "calendarStatus" IN ('libur_nasional', 'libur_perusahaan', 'cuti_bersama')
    AND status IN ('hadir', 'dinas_luar', 'lupa_checkout'))::int,
  count(*) FILTER (WHERE "calendarStatus" = 'istirahat' AND status IN ('hadir', 'dinas_luar', 'lupa_checkout'))::int,
  count(*) FILTER (WHERE status = 'lupa_checkout')::int,
  count("correctionId")::int
FROM "AttendanceDay"
GROUP BY 1, 2, 3;

-- The open days (as before, 20261126074456_payroll_half_days_permits): a member can have one only with fewer
-- closed days than dates. For whole months the closed days are counted from the sums (5,000 rows a month at
-- 5,000 employees, not 155,000); for any other range, from the days.
CREATE OR REPLACE FUNCTION "absensi_open_days"(p_start date, p_end date, p_users uuid[] DEFAULT NULL)
RETURNS TABLE ("userId" uuid, "date" date, "officeId" uuid, "status" text)
LANGUAGE sql STABLE
AS $$
  WITH whole AS (
    SELECT p_start = date_trunc('month', p_start)::date
       AND p_end = (date_trunc('month', p_end) + interval '1 month' - interval '1 day')::date AS yes
  ), closed AS (
    SELECT m."userId", sum(m.days) AS n FROM "AttendanceMonth" m
    WHERE (SELECT yes FROM whole) AND m.month BETWEEN p_start AND p_end GROUP BY 1
    UNION ALL
    SELECT ad."userId", count(*) AS n FROM "AttendanceDay" ad
    WHERE NOT (SELECT yes FROM whole) AND ad.date BETWEEN p_start AND p_end GROUP BY 1
  ), gaps AS (
    SELECT u.id FROM "User" u
    LEFT JOIN closed c ON c."userId" = u.id
    WHERE absensi_on_payroll(u) AND (p_users IS NULL OR u.id = ANY (p_users)) AND coalesce(c.n, 0) < p_end - p_start + 1
  )
  SELECT c."userId", c.date, c."officeId", c.status
  FROM absensi_calendar(p_start, p_end, coalesce((SELECT array_agg(id) FROM gaps), ARRAY[]::uuid[])) c
  WHERE c.status NOT IN ('belum_bergabung', 'nonaktif') AND c."officeId" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "AttendanceDay" x WHERE x."userId" = c."userId" AND x.date = c.date)
$$;
