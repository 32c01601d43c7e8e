-- The calendar functions (docs/calendar.md) get an inlinable core each, so check-in's one session
-- statement stops paying for a full calendar query plan on every punch.
--
-- Before: check-in read one employee's four days with absensi_calendar(…, ARRAY[u.id]). A SQL function
-- with SET options is never inlined, so its body (and absensi_class_days' inside it) was planned on every
-- call, and the employee filter `p_users IS NULL OR u.id = ANY (p_users)`, planned without the
-- parameter's value, scanned the whole "User" table twice: about 5 ms of database CPU per punch with
-- 12,000 employees, most of a check-in's cost (bench/checkin.bench.ts).
--
-- Now:
--   absensi_class_days_core / absensi_calendar_core hold the bodies, unchanged but for the employee
--     set, which is two branches: `u.id = ANY (p_users)` (the primary key) and `p_all` (every employee).
--     They have no SET options, so PostgreSQL inlines them into the calling statement: check-in's named
--     statement passes `false` for p_all, the planner drops that branch, and the statement's plan is
--     cached on its connection (0.2–0.3 ms a call instead of ~5 ms).
--   absensi_class_days / absensi_calendar keep their signatures and settings (jit off, no merge joins,
--     64 MB work_mem) for the reports and the daily close, and call the cores with
--     p_all = (p_users IS NULL): the same rows for every argument as before.
CREATE OR REPLACE FUNCTION "absensi_class_days_core"(p_start date, p_end date, p_users uuid[], p_all boolean)
RETURNS TABLE (
  "scheduleId" uuid, "officeId" uuid, "date" date, "status" text,
  "shiftStart" text, "shiftEnd" text, "breakMinutes" int, "lateToleranceMinutes" int,
  "holidayKind" text, "holidayName" text
)
LANGUAGE sql STABLE
AS $$
  WITH cfg AS (
    SELECT s."mainOfficeId" AS main_office, coalesce(s."cutiBersamaPolicy"::text, 'potong_cuti') AS policy,
           (SELECT w.id FROM "WorkSchedule" w WHERE w."isDefault" ORDER BY w."createdAt", w.id LIMIT 1) AS default_schedule
    FROM (SELECT 1) one LEFT JOIN "Settings" s ON s.id = 1
  ),
  emp AS (
    SELECT u.id, coalesce(u."homeOfficeId", cfg.main_office) AS office, coalesce(u."scheduleId", cfg.default_schedule) AS schedule
    FROM "User" u CROSS JOIN cfg
    WHERE u.id = ANY (p_users)
    UNION ALL
    SELECT u.id, coalesce(u."homeOfficeId", cfg.main_office) AS office, coalesce(u."scheduleId", cfg.default_schedule) AS schedule
    FROM "User" u CROSS JOIN cfg
    WHERE p_all
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


CREATE OR REPLACE FUNCTION "absensi_calendar_core"(p_start date, p_end date, p_users uuid[], p_all boolean, p_overrides_only boolean)
RETURNS TABLE (
  "userId" uuid, "date" date, "status" text, "officeId" uuid, "timezone" text,
  "shiftStart" text, "shiftEnd" text, "breakMinutes" int, "lateToleranceMinutes" int,
  "holidayKind" text, "holidayName" text
)
LANGUAGE sql STABLE
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
    WHERE u.id = ANY (p_users)
    UNION ALL
    SELECT u.id, o.id AS office, coalesce(o.timezone, 'Asia/Jakarta') AS tz, coalesce(u."scheduleId", cfg.default_schedule) AS schedule,
           coalesce(u."joinDate", (u."createdAt" AT TIME ZONE coalesce(o.timezone, 'Asia/Jakarta'))::date) AS join_d, u."endDate" AS end_d
    FROM "User" u CROSS JOIN cfg
    LEFT JOIN "Office" o ON o.id = coalesce(u."homeOfficeId", cfg.main_office)
    WHERE p_all
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
  cd AS MATERIALIZED (SELECT * FROM absensi_class_days_core(p_start, p_end, p_users, p_all)),
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

CREATE OR REPLACE FUNCTION "absensi_class_days"(p_start date, p_end date, p_users uuid[] DEFAULT NULL)
RETURNS TABLE (
  "scheduleId" uuid, "officeId" uuid, "date" date, "status" text,
  "shiftStart" text, "shiftEnd" text, "breakMinutes" int, "lateToleranceMinutes" int,
  "holidayKind" text, "holidayName" text
)
LANGUAGE sql STABLE
SET jit = off
AS $$ SELECT * FROM absensi_class_days_core(p_start, p_end, p_users, p_users IS NULL) $$;

CREATE OR REPLACE FUNCTION "absensi_calendar"(p_start date, p_end date, p_users uuid[] DEFAULT NULL, p_overrides_only boolean DEFAULT false)
RETURNS TABLE (
  "userId" uuid, "date" date, "status" text, "officeId" uuid, "timezone" text,
  "shiftStart" text, "shiftEnd" text, "breakMinutes" int, "lateToleranceMinutes" int,
  "holidayKind" text, "holidayName" text
)
LANGUAGE sql STABLE
SET jit = off
SET enable_mergejoin = off
SET work_mem = '64MB'
AS $$ SELECT * FROM absensi_calendar_core(p_start, p_end, p_users, p_users IS NULL, p_overrides_only) $$;
