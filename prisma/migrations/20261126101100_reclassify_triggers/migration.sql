-- Derived days follow their facts (docs/daily-close.md, "Re-classification through the job queue"): every
-- change that alters what an already closed day is for someone enqueues a 'reclassify' job for exactly
-- the employee-days it touches, in the same transaction (outbox, lib/server/jobs/queue.ts). The job's
-- handler (features/daily-close/server/reclassify-queue.ts) re-classifies the closed days of open months
-- in that range; a closed month keeps its rows and its snapshot (docs/periods.md). The key
-- 'reclassify:<user>:<start>:<end>' collapses duplicates until a worker starts the job.

-- The close's claims by date (the primary key leads with the office): the check below runs on every punch.
CREATE INDEX "DayClose_date_idx" ON "DayClose"("date");

-- One job for one person over [p_start, p_end] (p_end null: up to tomorrow), clipped to the days that
-- can have been closed; nothing when none of them was (the daily close will classify them).
CREATE FUNCTION "absensi_enqueue_reclassify"(p_user uuid, p_start date, p_end date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s date;
  e date;
  first_closed date;
BEGIN
  IF p_user IS NULL OR p_start IS NULL THEN RETURN; END IF;
  e := LEAST(COALESCE(p_end, current_date + 1), current_date + 1);
  SELECT LEAST((SELECT min(date) FROM "DayClose"), (SELECT min(date) FROM "AttendanceDay" WHERE "userId" = p_user)) INTO first_closed;
  IF first_closed IS NULL THEN RETURN; END IF;
  s := GREATEST(p_start, first_closed);
  IF e < s THEN RETURN; END IF;
  IF NOT EXISTS (SELECT 1 FROM "DayClose" WHERE date BETWEEN s AND e)
     AND NOT EXISTS (SELECT 1 FROM "AttendanceDay" WHERE "userId" = p_user AND date BETWEEN s AND e) THEN
    RETURN;
  END IF;
  INSERT INTO "Job" ("id", "kind", "key", "payload")
  VALUES (gen_random_uuid(), 'reclassify', 'reclassify:' || p_user || ':' || s || ':' || e,
          jsonb_build_object('userId', p_user::text, 'start', s::text, 'end', e::text))
  ON CONFLICT ("key") DO NOTHING;
END;
$$;

-- Everyone whose calendar follows an office (home office, or the main office when none) or a schedule
-- (their own, an assignment's, or the default one when none), over their whole employment.
CREATE FUNCTION "absensi_enqueue_reclassify_users"(p_users uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT "absensi_enqueue_reclassify"(u.id, COALESCE(u."joinDate", u."createdAt"::date), u."endDate")
  FROM "User" u WHERE u.id = ANY(p_users)
$$;

CREATE FUNCTION "absensi_users_of_office"(p_office uuid) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT COALESCE(array_agg(u.id), '{}') FROM "User" u LEFT JOIN "Settings" st ON st.id = 1
  WHERE COALESCE(u."homeOfficeId", st."mainOfficeId") = p_office
$$;

CREATE FUNCTION "absensi_users_of_schedule"(p_schedule uuid) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT COALESCE(array_agg(DISTINCT u.id), '{}') FROM "User" u
  WHERE u."scheduleId" = p_schedule
     OR (u."scheduleId" IS NULL AND EXISTS (SELECT 1 FROM "WorkSchedule" w WHERE w.id = p_schedule AND w."isDefault"))
     OR EXISTS (SELECT 1 FROM "ScheduleAssignment" a WHERE a."userId" = u.id AND a."scheduleId" = p_schedule)
$$;

-- A user's join or end date (the days between the old and the new value), home office, schedule,
-- payroll membership or approval (every day of their employment).
CREATE FUNCTION "user_reclassify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a date;
  b date;
BEGIN
  IF NEW."homeOfficeId" IS DISTINCT FROM OLD."homeOfficeId" OR NEW."scheduleId" IS DISTINCT FROM OLD."scheduleId"
     OR NEW."onPayroll" IS DISTINCT FROM OLD."onPayroll" OR NEW."pendingApproval" IS DISTINCT FROM OLD."pendingApproval" THEN
    PERFORM "absensi_enqueue_reclassify_users"(ARRAY[NEW.id]);
    RETURN NULL;
  END IF;
  IF NEW."joinDate" IS DISTINCT FROM OLD."joinDate" THEN
    a := COALESCE(OLD."joinDate", OLD."createdAt"::date);
    b := COALESCE(NEW."joinDate", NEW."createdAt"::date);
    IF a <> b THEN PERFORM "absensi_enqueue_reclassify"(NEW.id, LEAST(a, b), GREATEST(a, b) - 1); END IF;
  END IF;
  IF NEW."endDate" IS DISTINCT FROM OLD."endDate" THEN
    IF OLD."endDate" IS NULL OR NEW."endDate" IS NULL THEN
      PERFORM "absensi_enqueue_reclassify"(NEW.id, COALESCE(OLD."endDate", NEW."endDate") + 1, NULL);
    ELSE
      PERFORM "absensi_enqueue_reclassify"(NEW.id, LEAST(OLD."endDate", NEW."endDate") + 1, GREATEST(OLD."endDate", NEW."endDate"));
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "User_reclassify" AFTER UPDATE OF "joinDate", "endDate", "homeOfficeId", "scheduleId", "onPayroll", "pendingApproval" ON "User"
  FOR EACH ROW EXECUTE FUNCTION "user_reclassify"();

-- An allowed office added or removed.
CREATE FUNCTION "user_office_reclassify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "absensi_enqueue_reclassify_users"(ARRAY[COALESCE(NEW."userId", OLD."userId")]);
  RETURN NULL;
END;
$$;
CREATE TRIGGER "UserOffice_reclassify" AFTER INSERT OR DELETE ON "UserOffice" FOR EACH ROW EXECUTE FUNCTION "user_office_reclassify"();

-- A schedule's break, tolerance or default flag, or one of its days: everyone following it.
CREATE FUNCTION "schedule_reclassify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sid uuid;
BEGIN
  IF TG_TABLE_NAME = 'WorkSchedule' THEN
    sid := NEW.id;
    -- Whoever followed the old default follows the new one: both sets.
    IF NEW."isDefault" IS DISTINCT FROM OLD."isDefault" THEN
      PERFORM "absensi_enqueue_reclassify_users"(ARRAY(SELECT id FROM "User" WHERE "scheduleId" IS NULL));
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    sid := OLD."scheduleId";
  ELSE
    sid := NEW."scheduleId";
  END IF;
  PERFORM "absensi_enqueue_reclassify_users"("absensi_users_of_schedule"(sid));
  RETURN NULL;
END;
$$;
CREATE TRIGGER "WorkSchedule_reclassify" AFTER UPDATE OF "breakMinutes", "lateToleranceMinutes", "isDefault" ON "WorkSchedule"
  FOR EACH ROW EXECUTE FUNCTION "schedule_reclassify"();
CREATE TRIGGER "WorkScheduleDay_reclassify" AFTER INSERT OR UPDATE OR DELETE ON "WorkScheduleDay"
  FOR EACH ROW EXECUTE FUNCTION "schedule_reclassify"();

-- Rows with a user and a date range: (user column, from column, to column; to null = open-ended, or the
-- same column for one day). Both the old and the new row's days.
CREATE FUNCTION "dated_reclassify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recs jsonb[];
  r jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN recs := ARRAY[to_jsonb(NEW)];
  ELSIF TG_OP = 'DELETE' THEN recs := ARRAY[to_jsonb(OLD)];
  ELSE recs := ARRAY[to_jsonb(OLD), to_jsonb(NEW)];
  END IF;
  FOREACH r IN ARRAY recs LOOP
    PERFORM "absensi_enqueue_reclassify"((r->>TG_ARGV[0])::uuid, (r->>TG_ARGV[1])::date, (r->>TG_ARGV[2])::date);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "ScheduleAssignment_reclassify" AFTER INSERT OR UPDATE OR DELETE ON "ScheduleAssignment"
  FOR EACH ROW EXECUTE FUNCTION "dated_reclassify"('userId', 'startDate', 'endDate');
CREATE TRIGGER "RosterEntry_reclassify" AFTER INSERT OR UPDATE OR DELETE ON "RosterEntry"
  FOR EACH ROW EXECUTE FUNCTION "dated_reclassify"('userId', 'date', 'date');
-- A punch (or its check-out, its review, its day) after the day was closed. Check-ins of today find no
-- closed day and enqueue nothing.
CREATE TRIGGER "Attendance_reclassify" AFTER INSERT OR UPDATE OF "checkInAt", "checkOutAt", "workDate", "reviewDecision", "userId" OR DELETE ON "Attendance"
  FOR EACH ROW EXECUTE FUNCTION "dated_reclassify"('userId', 'workDate', 'workDate');

-- A holiday (its date, kind or offices): everyone of its offices (none: every office), that day.
CREATE FUNCTION "holiday_reclassify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recs jsonb[];
  r jsonb;
  d date;
  offices uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN recs := ARRAY[to_jsonb(NEW)];
  ELSIF TG_OP = 'DELETE' THEN recs := ARRAY[to_jsonb(OLD)];
  ELSE recs := ARRAY[to_jsonb(OLD), to_jsonb(NEW)];
  END IF;
  FOREACH r IN ARRAY recs LOOP
    d := (r->>'date')::date;
    offices := ARRAY(SELECT jsonb_array_elements_text(r->'officeIds')::uuid);
    PERFORM "absensi_enqueue_reclassify"(u.id, d, d)
    FROM "User" u LEFT JOIN "Settings" st ON st.id = 1
    WHERE cardinality(offices) = 0 OR COALESCE(u."homeOfficeId", st."mainOfficeId") = ANY(offices);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Holiday_reclassify" AFTER INSERT OR UPDATE OR DELETE ON "Holiday" FOR EACH ROW EXECUTE FUNCTION "holiday_reclassify"();

-- An office's time zone: everyone whose calendar follows the office.
CREATE FUNCTION "office_reclassify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "absensi_enqueue_reclassify_users"("absensi_users_of_office"(NEW.id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Office_reclassify" AFTER UPDATE OF "timezone" ON "Office" FOR EACH ROW
  WHEN (NEW."timezone" IS DISTINCT FROM OLD."timezone") EXECUTE FUNCTION "office_reclassify"();

-- The cuti bersama policy: everyone, on the cuti bersama days; the main office: everyone without a home office.
CREATE FUNCTION "settings_reclassify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."cutiBersamaPolicy" IS DISTINCT FROM OLD."cutiBersamaPolicy" THEN
    PERFORM "absensi_enqueue_reclassify"(u.id, h.date, h.date)
    FROM "User" u CROSS JOIN (SELECT DISTINCT date FROM "Holiday" WHERE kind = 'cuti_bersama') h;
  END IF;
  IF NEW."mainOfficeId" IS DISTINCT FROM OLD."mainOfficeId" THEN
    PERFORM "absensi_enqueue_reclassify_users"(ARRAY(SELECT id FROM "User" WHERE "homeOfficeId" IS NULL));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Settings_reclassify" AFTER UPDATE OF "cutiBersamaPolicy", "mainOfficeId" ON "Settings" FOR EACH ROW EXECUTE FUNCTION "settings_reclassify"();
