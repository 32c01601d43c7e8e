-- A change that would alter a closed month applies only from the first open day, and says so
-- (docs/daily-close.md, "Derived days follow their facts"). The re-classification triggers (migration
-- 20261126101100_reclassify_triggers) skip closed months; now they also note, for the change's own
-- transaction, which closed months the change would have reached: absensi_enqueue_reclassify appends them
-- to the transaction-local setting 'absensi.closed_skipped' ("2026-09,2026-10"), and the service that made
-- the change reads it (absensi_closed_skipped(), features/periods/server/period-notice.ts) to tell the user
-- "Perubahan berlaku mulai 1 November 2026 karena periode Oktober 2026 sudah ditutup." Whatever code makes
-- the change, the trigger sees the exact employee-days it touches, so the note is as precise as the jobs.
--
-- And a save that changes nothing reaches nothing: the schedule triggers fire only for a real change of a
-- column that matters (an UPDATE that sets the same values used to enqueue every follower's days).

CREATE OR REPLACE FUNCTION "absensi_enqueue_reclassify"(p_user uuid, p_start date, p_end date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s date;
  e date;
  first_closed date;
  skipped text;
BEGIN
  IF p_user IS NULL OR p_start IS NULL THEN RETURN; END IF;
  e := LEAST(COALESCE(p_end, current_date + 1), current_date + 1);
  -- Closed months are months that have ended: a change of this month or later reaches none (every punch of
  -- today takes this short way).
  IF p_start < date_trunc('month', current_date)::date AND p_start <= e THEN
    SELECT string_agg(month, ',' ORDER BY month) INTO skipped FROM "Period"
    WHERE status = 'closed' AND month BETWEEN to_char(p_start, 'YYYY-MM') AND to_char(e, 'YYYY-MM');
    IF skipped IS NOT NULL THEN
      PERFORM set_config('absensi.closed_skipped', COALESCE(NULLIF(current_setting('absensi.closed_skipped', true), ''), '') || ',' || skipped, true);
    END IF;
  END IF;
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

-- The closed months the current transaction's changes would have reached, distinct and sorted.
CREATE FUNCTION "absensi_closed_skipped"() RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT COALESCE(array_agg(DISTINCT m ORDER BY m), '{}')
  FROM unnest(string_to_array(COALESCE(current_setting('absensi.closed_skipped', true), ''), ',')) m
  WHERE m <> ''
$$;

-- Only a real change of a schedule's break, tolerance or default flag, or of a day's hours.
DROP TRIGGER "WorkSchedule_reclassify" ON "WorkSchedule";
CREATE TRIGGER "WorkSchedule_reclassify" AFTER UPDATE OF "breakMinutes", "lateToleranceMinutes", "isDefault" ON "WorkSchedule"
  FOR EACH ROW
  WHEN (NEW."breakMinutes" IS DISTINCT FROM OLD."breakMinutes" OR NEW."lateToleranceMinutes" IS DISTINCT FROM OLD."lateToleranceMinutes"
        OR NEW."isDefault" IS DISTINCT FROM OLD."isDefault")
  EXECUTE FUNCTION "schedule_reclassify"();
DROP TRIGGER "WorkScheduleDay_reclassify" ON "WorkScheduleDay";
CREATE TRIGGER "WorkScheduleDay_reclassify" AFTER INSERT OR DELETE ON "WorkScheduleDay"
  FOR EACH ROW EXECUTE FUNCTION "schedule_reclassify"();
CREATE TRIGGER "WorkScheduleDay_reclassify_update" AFTER UPDATE ON "WorkScheduleDay"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "schedule_reclassify"();

-- An account made with a join date in the past (the employee form, the import): the office-days already
-- closed since then get its rows through a job, as a join date moved later does; closed months are noted.
CREATE FUNCTION "user_insert_reclassify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "absensi_enqueue_reclassify"(NEW.id, COALESCE(NEW."joinDate", NEW."createdAt"::date), NEW."endDate");
  RETURN NULL;
END;
$$;
CREATE TRIGGER "User_reclassify_insert" AFTER INSERT ON "User" FOR EACH ROW EXECUTE FUNCTION "user_insert_reclassify"();
