-- CreateEnum
CREATE TYPE "PeriodStatus" AS ENUM ('open', 'closed');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "deactivatedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "Period" (
    "month" TEXT NOT NULL,
    "status" "PeriodStatus" NOT NULL DEFAULT 'open',
    "closedById" UUID,
    "closedByName" TEXT,
    "closedAt" TIMESTAMPTZ(3),
    "reason" TEXT,
    "overrideReason" TEXT,
    "blockers" JSONB,
    "snapshot" JSONB,
    "reopenedById" UUID,
    "reopenedAt" TIMESTAMPTZ(3),
    "reopenReason" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Period_pkey" PRIMARY KEY ("month")
);

-- A closed month (docs/periods.md) is refused by the database too, whatever code writes: every row of
-- the tables below whose dates touch a closed month can be neither inserted, changed nor deleted (for
-- an update, its old and its new dates are both checked). The services check first (assertPeriodOpen)
-- with the same message; this is the defence in depth. SQLSTATE AB409 reads as HTTP 409.

-- 'YYYY-MM' → 'November 2026'
CREATE FUNCTION "absensi_period_label"(p_month text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT (ARRAY['Januari','Februari','Maret','April','Mei','Juni','Juli','Agustus','September','Oktober','November','Desember'])[substr(p_month, 6, 2)::int] || ' ' || substr(p_month, 1, 4)
$$;

-- Raises when a closed month lies between p_lo and p_hi (p_hi null: open-ended).
CREATE FUNCTION "absensi_assert_period_open"(p_lo date, p_hi date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE m text;
BEGIN
  IF p_lo IS NULL THEN RETURN; END IF;
  SELECT p.month INTO m FROM "Period" p
  WHERE p.status = 'closed' AND p.month >= to_char(p_lo, 'YYYY-MM') AND (p_hi IS NULL OR p.month <= to_char(p_hi, 'YYYY-MM'))
  ORDER BY p.month LIMIT 1;
  IF m IS NOT NULL THEN
    RAISE EXCEPTION 'Periode % sudah ditutup.', "absensi_period_label"(m) USING ERRCODE = 'AB409';
  END IF;
END;
$$;

-- TG_ARGV[0]: the column of the first date; TG_ARGV[1]: the column of the last date (null: open-ended).
-- Leave ledger rows: only an admin's adjustment is a write into the month (grants and expiries made by
-- the system follow from other rows).
CREATE FUNCTION "period_lock_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
  recs jsonb[];
BEGIN
  IF TG_OP = 'INSERT' THEN recs := ARRAY[to_jsonb(NEW)];
  ELSIF TG_OP = 'DELETE' THEN recs := ARRAY[to_jsonb(OLD)];
  ELSE recs := ARRAY[to_jsonb(OLD), to_jsonb(NEW)];
  END IF;
  FOREACH r IN ARRAY recs LOOP
    IF TG_TABLE_NAME = 'LeaveLedgerEntry' AND r->>'kind' <> 'adjustment' THEN CONTINUE; END IF;
    PERFORM "absensi_assert_period_open"((r->>TG_ARGV[0])::date, (r->>TG_ARGV[1])::date);
  END LOOP;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "Attendance_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "Attendance" FOR EACH ROW EXECUTE FUNCTION "period_lock_guard"('workDate', 'workDate');
CREATE TRIGGER "LeaveRequest_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "LeaveRequest" FOR EACH ROW EXECUTE FUNCTION "period_lock_guard"('startDate', 'endDate');
CREATE TRIGGER "LeaveLedgerEntry_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "LeaveLedgerEntry" FOR EACH ROW EXECUTE FUNCTION "period_lock_guard"('effectiveDate', 'effectiveDate');
CREATE TRIGGER "ScheduleAssignment_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "ScheduleAssignment" FOR EACH ROW EXECUTE FUNCTION "period_lock_guard"('startDate', 'endDate');
CREATE TRIGGER "RosterEntry_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "RosterEntry" FOR EACH ROW EXECUTE FUNCTION "period_lock_guard"('date', 'date');
CREATE TRIGGER "Holiday_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "Holiday" FOR EACH ROW EXECUTE FUNCTION "period_lock_guard"('date', 'date');
-- The daily close's days, corrections and overtime of a closed month are locked too (a re-close, a
-- correction or an overtime decision inside it is refused).
CREATE TRIGGER "AttendanceDay_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "AttendanceDay" FOR EACH ROW EXECUTE FUNCTION "period_lock_guard"('date', 'date');
CREATE TRIGGER "AttendanceCorrection_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "AttendanceCorrection" FOR EACH ROW EXECUTE FUNCTION "period_lock_guard"('date', 'date');
CREATE TRIGGER "OvertimeRequest_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "OvertimeRequest" FOR EACH ROW EXECUTE FUNCTION "period_lock_guard"('date', 'date');
