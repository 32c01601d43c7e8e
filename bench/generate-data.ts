// Generates the report benchmark's data set in its own database: 1,000 employees × 365 days.
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/generate-data.ts
// Everything is made by INSERT … SELECT over generate_series, so it takes seconds, not minutes.
// Employees: 90% joined before the range, 10% join during it (their earlier days are not absences).
// Attendance: ~90% of working days (Mon–Fri), ~3% of weekend days; ~1% of photos flagged by the face check.
// Leave: about four approved leaves of 1–3 days per employee, plus pending and rejected ones.
// Calendar in play: the 2025–2026 holidays (migration), a WITA branch with a fifth of the employees and a
// branch-only holiday, a six-day schedule for a fifth, a night-shift assignment over two months for a tenth,
// and roster overrides on about 1% of employee-days.
// For the list benchmark (bench/lists.ts) at company scale, e.g. BENCH_EMPLOYEES=5000 BENCH_DAYS=460 (≈1.5 M records):
// BENCH_AUDIT audit rows (default 40 per employee) and BENCH_CLOSED_DAYS days (default 62) closed by the daily
// close (AttendanceDay + DayClose rows, written as the close would: hadir / lupa_checkout / alpa / istirahat / libur).
import pg from 'pg';
import { hashPassword } from '@/lib/server/auth/password';
import { benchDatabaseUrl, freshMigratedDatabase } from './bench-db';

export const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES || 1000);
export const DAYS = Number(process.env.BENCH_DAYS || 365);
export const TIMEZONE = 'Asia/Jakarta';
export const AUDIT_ROWS = Number(process.env.BENCH_AUDIT || EMPLOYEES * 40);
export const CLOSED_DAYS = Number(process.env.BENCH_CLOSED_DAYS || 62);

async function main() {
  const { url, serverUrl, name } = benchDatabaseUrl();
  const started = performance.now();
  await freshMigratedDatabase(url, serverUrl, name);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const hash = await hashPassword('Absensi123');
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    const r = await client.query(sql, params);
    console.log(`  ${label.padEnd(28)} ${String(r.rowCount ?? 0).padStart(8)} rows  ${(performance.now() - t).toFixed(0)} ms`);
  };
  await client.query(`SELECT setseed(0.42)`);
  await step('settings', `UPDATE "Settings" SET "companyName" = 'PT Bench' WHERE id = 1`);
  await step(
    'main office',
    `UPDATE "Office" SET latitude = -6.175392, longitude = 106.827153, radius = 100, address = 'Jakarta', timezone = $1
    WHERE id = (SELECT "mainOfficeId" FROM "Settings" WHERE id = 1)`,
    [TIMEZONE],
  );
  await step(
    'WITA branch',
    `INSERT INTO "Office" (id, name, latitude, longitude, radius, timezone, "updatedAt")
    VALUES (gen_random_uuid(), 'Cabang Denpasar', -8.65, 115.2167, 150, 'Asia/Makassar', now())`,
  );
  await step(
    'branch holiday',
    `INSERT INTO "Holiday" (id, date, name, kind, "officeIds", "updatedAt")
    SELECT gen_random_uuid(), d, 'Libur Cabang', 'libur_perusahaan', ARRAY[(SELECT id FROM "Office" WHERE name = 'Cabang Denpasar')], now()
    FROM (VALUES ((now() AT TIME ZONE $1)::date - 100), ((now() AT TIME ZONE $1)::date - 30)) v(d)`,
    [TIMEZONE],
  );
  await step(
    'schedules',
    `INSERT INTO "WorkSchedule" (id, name, "breakMinutes", "lateToleranceMinutes", "updatedAt") VALUES
    (gen_random_uuid(), 'Enam Hari', 60, 10, now()), (gen_random_uuid(), 'Shift Malam', 60, 10, now())`,
  );
  await step(
    'schedule days',
    `INSERT INTO "WorkScheduleDay" ("scheduleId", weekday, start, "end")
    SELECT s.id, d, CASE WHEN s.name = 'Enam Hari' AND d <= 6 THEN '08:00' WHEN s.name = 'Shift Malam' AND d <= 5 THEN '22:00' END,
                    CASE WHEN s.name = 'Enam Hari' AND d <= 6 THEN '15:00' WHEN s.name = 'Shift Malam' AND d <= 5 THEN '06:00' END
    FROM "WorkSchedule" s CROSS JOIN generate_series(1, 7) d WHERE s.name IN ('Enam Hari', 'Shift Malam')`,
  );
  await step(
    'admin + HR',
    `INSERT INTO "User" (id, name, email, position, role, "passwordHash", "createdAt", "updatedAt") VALUES
    (gen_random_uuid(), 'Admin Bench', 'admin@bench.local', 'Administrator', 'admin', $1, now() - interval '2 years', now()),
    (gen_random_uuid(), 'HR Bench', 'hr@bench.local', 'HR', 'hr', $1, now() - interval '2 years', now())`,
    [hash],
  );
  await step(
    'employees',
    `INSERT INTO "User" (id, name, email, position, role, "passwordHash", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), 'Karyawan ' || lpad(i::text, 4, '0'), 'karyawan' || i || '@bench.local',
           (ARRAY['Developer','Designer','Analyst','Sales','Finance'])[1 + i % 5], 'employee', $1,
           CASE WHEN i <= $2 * 0.9 THEN now() - ($3 + 10 || ' days')::interval ELSE now() - (floor(random() * $3) || ' days')::interval END,
           now()
    FROM generate_series(1, $2) i`,
    [hash, EMPLOYEES, DAYS],
  );
  await step(
    'branch employees',
    `UPDATE "User" SET "homeOfficeId" = (SELECT id FROM "Office" WHERE name = 'Cabang Denpasar')
    WHERE role = 'employee' AND right(email, 12) = '@bench.local' AND (substring(email from '[0-9]+'))::int % 5 = 1`,
  );
  await step(
    'six-day employees',
    `UPDATE "User" SET "scheduleId" = (SELECT id FROM "WorkSchedule" WHERE name = 'Enam Hari')
    WHERE role = 'employee' AND (substring(email from '[0-9]+'))::int % 5 = 2`,
  );
  await step(
    'night-shift assignments',
    `INSERT INTO "ScheduleAssignment" (id, "userId", "scheduleId", "startDate", "endDate")
    SELECT gen_random_uuid(), u.id, (SELECT id FROM "WorkSchedule" WHERE name = 'Shift Malam'), (now() AT TIME ZONE $1)::date - 120, (now() AT TIME ZONE $1)::date - 60
    FROM "User" u WHERE u.role = 'employee' AND (substring(u.email from '[0-9]+'))::int % 10 = 3`,
    [TIMEZONE],
  );
  await step(
    'roster overrides',
    `INSERT INTO "RosterEntry" ("userId", date, start, "end", "breakMinutes", "lateToleranceMinutes", label, "updatedAt")
    SELECT u.id, g::date, CASE WHEN random() < 0.5 THEN '10:00' END, CASE WHEN random() < 0.5 THEN '19:00' END, 60, 0, 'Bench', now()
    FROM "User" u CROSS JOIN generate_series((now() AT TIME ZONE $1)::date - ($2 - 1), (now() AT TIME ZONE $1)::date, interval '1 day') g
    WHERE u.role = 'employee' AND random() < 0.01
    ON CONFLICT DO NOTHING`,
    [TIMEZONE, DAYS],
  );
  await client.query(
    `UPDATE "RosterEntry" SET "end" = NULL WHERE start IS NULL; UPDATE "RosterEntry" SET start = NULL WHERE "end" IS NULL`,
  );
  await step(
    'attendance',
    `INSERT INTO "Attendance" (id, "userId", "workDate", "checkInAt", "checkInLatitude", "checkInLongitude", "checkInAccuracy",
      "checkInDistance", "lateMinutes", "checkOutAt", "checkOutLatitude", "checkOutLongitude", "checkOutDistance", "checkOutMethod",
      "earlyMinutes", "faceCheckStatus", "officeId", "updatedAt")
    SELECT gen_random_uuid(), u.id, d.day, t.cin, -6.1754 + random() * 0.0005, 106.8272 + random() * 0.0005, 10, random() * 60,
           greatest(0, t.m - 480), t.cin + interval '9 hours', -6.1754, 106.8272, 20, 'face', 0,
           (CASE WHEN random() < 0.01 THEN 'flagged' ELSE 'verified' END)::"FaceCheckStatus",
           -- The office the check-in was made at, as the app stamps it: the home office, else the main one.
           coalesce(u."homeOfficeId", (SELECT "mainOfficeId" FROM "Settings" WHERE id = 1)), now()
    FROM "User" u
    CROSS JOIN LATERAL (SELECT g::date AS day FROM generate_series((now() AT TIME ZONE $1)::date - ($2 - 1), (now() AT TIME ZONE $1)::date, interval '1 day') g) d
    CROSS JOIN LATERAL (SELECT 450 + floor(random() * 60)::int AS m WHERE d.day IS NOT NULL) mm -- correlated: one draw per row
    CROSS JOIN LATERAL (SELECT (d.day + make_interval(mins => mm.m)) AT TIME ZONE $1 AS cin, mm.m AS m) t
    WHERE u.role = 'employee' AND d.day >= (u."createdAt" AT TIME ZONE $1)::date
      AND random() < CASE WHEN extract(isodow FROM d.day) <= 5 THEN 0.9 ELSE 0.03 END`,
    [TIMEZONE, DAYS],
  );
  await step(
    'leave requests',
    `INSERT INTO "LeaveRequest" (id, "userId", type, "startDate", "endDate", reason, status, "appliedAt", "processedAt")
    SELECT gen_random_uuid(), u.id, 'cuti', s.start, s.start + floor(random() * 3)::int, 'Cuti tahunan karyawan',
           (CASE WHEN random() < 0.8 THEN 'approved' WHEN random() < 0.5 THEN 'pending' ELSE 'rejected' END)::"LeaveStatus", now(), now()
    FROM "User" u
    CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE $1)::date - floor(random() * $2)::int AS start FROM generate_series(1, 5) WHERE u.id IS NOT NULL) s
    WHERE u.role = 'employee'`,
    [TIMEZONE, DAYS],
  );
  // Overtime on about one working day in twenty (a request a month each), two hours after a 17:00 end, and a
  // correction on one day in two hundred: the Lembur and Koreksi tabs of Persetujuan, and Rekap Bulanan's
  // overtime, have a company's worth of rows to page and to figure.
  await step(
    'overtime requests',
    `INSERT INTO "OvertimeRequest" (id, "userId", date, "startTime", "endTime", "startAt", "endAt", minutes, "dayKind", "weekDays",
      timezone, "shiftStart", "shiftEnd", reason, status, "createdById", "createdByName", "processedAt", "updatedAt")
    SELECT gen_random_uuid(), a."userId", a."workDate", '17:00', '19:00', (a."workDate" + time '17:00') AT TIME ZONE o.timezone,
           (a."workDate" + time '19:00') AT TIME ZONE o.timezone, 120, 'kerja', 5, o.timezone, '08:00', '17:00', 'Lembur produksi',
           s.status::"OvertimeStatus", a."userId", u.name, CASE WHEN s.status <> 'pending' THEN now() END, now()
    FROM "Attendance" a JOIN "User" u ON u.id = a."userId" JOIN "Office" o ON o.id = a."officeId"
    CROSS JOIN LATERAL (SELECT CASE WHEN r < 0.75 THEN 'approved' WHEN r < 0.9 THEN 'pending' ELSE 'rejected' END AS status
                        FROM (SELECT random() AS r WHERE a.id IS NOT NULL) rr) s
    WHERE extract(isodow FROM a."workDate") <= 5 AND random() < 0.05`,
  );
  await step(
    'corrections',
    `INSERT INTO "AttendanceCorrection" (id, "userId", date, kind, "attendanceId", "checkOutAt", reason, status, "pendingKey",
      "requestedById", "requestedByName", "requestedAt", "decidedAt")
    SELECT gen_random_uuid(), a."userId", a."workDate", 'tambah_jam', a.id, a."checkInAt" + interval '9 hours', 'Lupa check-out',
           s.status::"CorrectionStatus", CASE WHEN s.status = 'pending' THEN a."userId" || '|' || a."workDate" END,
           a."userId", u.name, a."checkInAt" + interval '1 day', CASE WHEN s.status <> 'pending' THEN now() END
    FROM "Attendance" a JOIN "User" u ON u.id = a."userId"
    CROSS JOIN LATERAL (SELECT CASE WHEN r < 0.6 THEN 'approved' WHEN r < 0.8 THEN 'pending' ELSE 'rejected' END AS status
                        FROM (SELECT random() AS r WHERE a.id IS NOT NULL) rr) s
    WHERE random() < 0.005`,
  );
  await step(
    'audit rows',
    `WITH e AS (SELECT id, name, row_number() OVER (ORDER BY email) - 1 AS n FROM "User" WHERE role = 'employee'),
          a AS (SELECT id, name FROM "User" WHERE email = 'admin@bench.local')
    INSERT INTO "AuditLog" ("actorId", "actorName", "actorRole", kind, entity, "entityId", "targetUserId", note, "createdAt")
    SELECT a.id, a.name, 'admin',
           (ARRAY['user.update','leave.approve','leave.reject','attendance.review','auth.login','auth.lockout','office.update','correction.approve','overtime.approve'])[1 + i % 9],
           'User', e.id::text, e.id, 'bench', now() - make_interval(secs => i * 60)
    FROM generate_series(1, $1::int) i CROSS JOIN a JOIN e ON e.n = i % (SELECT count(*) FROM e)`,
    [AUDIT_ROWS],
  );
  await step(
    'closed days',
    `INSERT INTO "AttendanceDay" ("userId", date, "officeId", status, "calendarStatus", "shiftStart", "shiftEnd", "attendanceId",
      "checkInAt", "checkOutAt", "lateMinutes", "earlyMinutes")
    SELECT c."userId", c.date, c."officeId",
           (CASE WHEN a.id IS NOT NULL AND a."checkOutAt" IS NULL THEN 'lupa_checkout' WHEN a.id IS NOT NULL THEN 'hadir'
                 WHEN c.status = 'kerja' THEN 'alpa' WHEN c.status = 'istirahat' THEN 'istirahat' ELSE 'libur' END)::"DayResult",
           c.status, '08:00', '17:00', a.id, a."checkInAt", a."checkOutAt", coalesce(a."lateMinutes", 0), 0
    FROM absensi_calendar((now() AT TIME ZONE $1)::date - $2::int, (now() AT TIME ZONE $1)::date - 1, NULL) c
    LEFT JOIN "Attendance" a ON a."userId" = c."userId" AND a."workDate" = c.date
    WHERE c.status NOT IN ('belum_bergabung', 'nonaktif') AND c."officeId" IS NOT NULL`,
    [TIMEZONE, CLOSED_DAYS],
  );
  await step(
    'day closes',
    `INSERT INTO "DayClose" ("officeId", date, days) SELECT "officeId", date, count(*) FROM "AttendanceDay" GROUP BY 1, 2`,
  );
  await client.query('ANALYZE');
  await client.end();
  console.log(
    `Generated ${EMPLOYEES} employees × ${DAYS} days in database "${name}" in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
