-- A closed month stays closed under any race (docs/periods.md, "Closing against concurrent writes").
-- Before, a write whose transaction read the month as open could commit after the close had computed
-- its snapshot: it landed in a closed month and the snapshot left it out. Now every write into a month
-- and the close of that month are serialised by transaction-scoped advisory locks:
--   * a writer (the period_lock_guard triggers, and assertPeriodOpen in the services, which calls the
--     same function) takes the month's lock in SHARED mode, without waiting: if a close holds or awaits
--     it, the write is refused at once (SQLSTATE AB409 → 409, "Periode … sedang ditutup."). Writers
--     never wait on these locks, so they can never take part in a deadlock through them;
--   * the close (closePeriod) takes the same lock EXCLUSIVELY, waiting for the writers that hold it to
--     commit, before it reads the blockers, computes the snapshot and flips the status.
-- Then it reads the Period row. A write therefore either commits before the close reads anything (and
-- is in its snapshot), or reads the month as closed and is refused.
-- A write whose dates span more than twelve months, or are open-ended, takes the one lock of "every
-- month" (key 0) instead, which every close takes exclusively too (before its month's: closes never
-- wait on each other in a cycle).

-- The two-int advisory lock keys: (20261128, 0) for every month, (20261128, year × 12 + month) for one.
CREATE FUNCTION "absensi_period_lock_key"(p_month text) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT substr(p_month, 1, 4)::int * 12 + substr(p_month, 6, 2)::int
$$;

-- The first closed month between p_lo and p_hi (p_hi null: open-ended), or null.
CREATE FUNCTION "absensi_first_closed_month"(p_lo date, p_hi date) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT p.month FROM "Period" p
  WHERE p.status = 'closed' AND p.month >= to_char(p_lo, 'YYYY-MM') AND (p_hi IS NULL OR p.month <= to_char(p_hi, 'YYYY-MM'))
  ORDER BY p.month LIMIT 1
$$;

-- Raises when a closed month lies between p_lo and p_hi (p_hi null: open-ended), or when one of those
-- months is being closed right now. Otherwise the caller's transaction holds the months' locks in
-- shared mode until it ends: no close of them can begin before it commits.
CREATE OR REPLACE FUNCTION "absensi_assert_period_open"(p_lo date, p_hi date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m text;
  lo int;
  hi int;
  k int;
  busy text;
BEGIN
  IF p_lo IS NULL THEN RETURN; END IF;
  IF p_hi IS NOT NULL AND p_hi < p_lo THEN p_hi := p_lo; END IF;
  lo := "absensi_period_lock_key"(to_char(p_lo, 'YYYY-MM'));
  hi := CASE WHEN p_hi IS NULL THEN NULL ELSE "absensi_period_lock_key"(to_char(p_hi, 'YYYY-MM')) END;
  IF hi IS NULL OR hi - lo >= 12 THEN
    IF NOT pg_try_advisory_xact_lock_shared(20261128, 0) THEN busy := ''; END IF;
  ELSE
    FOR k IN lo..hi LOOP
      IF NOT pg_try_advisory_xact_lock_shared(20261128, k) THEN
        busy := "absensi_period_label"(to_char(make_date((k - 1) / 12, (k - 1) % 12 + 1, 1), 'YYYY-MM'));
        EXIT;
      END IF;
    END LOOP;
  END IF;
  -- Read after the locks (a fresh snapshot: this function is volatile).
  m := "absensi_first_closed_month"(p_lo, p_hi);
  IF m IS NOT NULL THEN
    RAISE EXCEPTION 'Periode % sudah ditutup.', "absensi_period_label"(m) USING ERRCODE = 'AB409';
  END IF;
  IF busy = '' THEN
    RAISE EXCEPTION 'Sebuah periode sedang ditutup. Coba lagi sebentar lagi.' USING ERRCODE = 'AB409';
  ELSIF busy IS NOT NULL THEN
    RAISE EXCEPTION 'Periode % sedang ditutup. Coba lagi sebentar lagi.', busy USING ERRCODE = 'AB409';
  END IF;
END;
$$;

-- The close's side: waits for every writer of the month (and of long ranges) to commit, then keeps
-- new ones out until the close's transaction ends. Call it first in the close's transaction.
CREATE FUNCTION "absensi_lock_period_for_close"(p_month text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(20261128, 0);
  PERFORM pg_advisory_xact_lock(20261128, "absensi_period_lock_key"(p_month));
END;
$$;

-- A user's workplace dates: moving the join date or the end date changes the days between the old
-- and the new value (a null join date is the day the account was made; a null end date: still
-- employed, open-ended). Those days must all lie in open months.
CREATE FUNCTION "user_period_lock_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a date;
  b date;
BEGIN
  IF NEW."joinDate" IS DISTINCT FROM OLD."joinDate" THEN
    a := COALESCE(OLD."joinDate", OLD."createdAt"::date);
    b := COALESCE(NEW."joinDate", NEW."createdAt"::date);
    IF a <> b THEN PERFORM "absensi_assert_period_open"(LEAST(a, b), GREATEST(a, b) - 1); END IF;
  END IF;
  IF NEW."endDate" IS DISTINCT FROM OLD."endDate" THEN
    IF OLD."endDate" IS NULL OR NEW."endDate" IS NULL THEN
      PERFORM "absensi_assert_period_open"(COALESCE(OLD."endDate", NEW."endDate") + 1, NULL);
    ELSE
      PERFORM "absensi_assert_period_open"(LEAST(OLD."endDate", NEW."endDate") + 1, GREATEST(OLD."endDate", NEW."endDate"));
    END IF;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "User_period_lock" BEFORE UPDATE OF "joinDate", "endDate" ON "User" FOR EACH ROW EXECUTE FUNCTION "user_period_lock_guard"();
