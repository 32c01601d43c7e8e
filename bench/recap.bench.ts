// Rekap Bulanan benchmark (docs/recap.md) on PostgreSQL, in its own database (default absensi_recap_bench):
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/recap.bench.ts 1000 10000
// For each N given (default 1000 and 10000) it generates N employees × October 2026 — a Mon–Fri schedule,
// a company holiday, a WITA branch with a fifth of the employees, punch records, leave (cuti, sakit,
// izin), dinas luar corrections, lupa check-out days, approved overtime, unreviewed face flags — and the
// daily close's rows for every day (made by INSERT … SELECT, as the close would write them), then prints
// the recap's median time over BENCH_RUNS runs (default 7), and the XLSX's time and peak memory (RSS).
// Targets at 10,000: recap < 2 s median; XLSX < 15 s, peak < 400 MB.
import pg from 'pg';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { benchDatabaseUrl, median, freshMigratedDatabase } from './bench-db';
import { MONTH_FIGURES, MONTH_FIGURES_FROM_DAYS } from '../tests/month-figures-sql';

const MONTH = '2026-10';
const FIRST = `${MONTH}-01`;
const LAST = `${MONTH}-31`;
const RUNS = Number(process.env.BENCH_RUNS || 7);

async function generate(n: number, url: string, serverUrl: string, name: string) {
  await freshMigratedDatabase(url, serverUrl, name);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    const r = await c.query(sql, params);
    console.log(`  ${label.padEnd(24)} ${String(r.rowCount ?? 0).padStart(9)} rows  ${(performance.now() - t).toFixed(0)} ms`);
  };
  await c.query(`SELECT setseed(0.15)`);
  await step('settings', `UPDATE "Settings" SET "companyName" = 'PT Bench Rekap' WHERE id = 1`);
  await step(
    'main office',
    `UPDATE "Office" SET latitude = -6.175392, longitude = 106.827153, radius = 100, timezone = 'Asia/Jakarta' WHERE id = (SELECT "mainOfficeId" FROM "Settings" WHERE id = 1)`,
  );
  await step(
    'branch',
    `INSERT INTO "Office" (id, name, latitude, longitude, radius, timezone, "updatedAt") VALUES (gen_random_uuid(), 'Cabang Denpasar', -8.65, 115.2167, 150, 'Asia/Makassar', now())`,
  );
  await step('holidays', `DELETE FROM "Holiday" WHERE date BETWEEN $1::date AND $2::date`, [FIRST, LAST]);
  await step(
    'holiday',
    `INSERT INTO "Holiday" (id, date, name, kind, "updatedAt") VALUES (gen_random_uuid(), '2026-10-20', 'Libur Perusahaan', 'libur_perusahaan', now())`,
  );
  await step(
    'employees',
    `INSERT INTO "User" (id, name, email, position, role, "passwordHash", "createdAt", "updatedAt", "joinDate", "homeOfficeId")
    SELECT gen_random_uuid(), 'Karyawan ' || lpad(i::text, 5, '0'), 'karyawan' || i || '@bench.local', 'Staf', 'employee', 'x', '2025-01-01', now(), '2025-01-01',
           CASE WHEN i % 5 = 0 THEN (SELECT id FROM "Office" WHERE name = 'Cabang Denpasar') ELSE (SELECT "mainOfficeId" FROM "Settings" WHERE id = 1) END
    FROM generate_series(1, $1::int) i`,
    [n],
  );
  await step(
    'plan (calendar)',
    `CREATE TABLE bench_plan AS
    SELECT c."userId", c.date, c.status AS cal, c."officeId", c.timezone, r, x.st,
           CASE WHEN x.st IN ('hadir', 'lupa_checkout') AND random() < 0.1 THEN floor(random() * 30)::int ELSE 0 END AS late,
           (x.st = 'hadir' AND c.status = 'kerja' AND random() < 0.1) AS ot,
           gen_random_uuid() AS att_id, gen_random_uuid() AS leave_id, gen_random_uuid() AS corr_id, gen_random_uuid() AS ot_id
    FROM absensi_calendar($1::date, $2::date, NULL) c
    CROSS JOIN LATERAL (SELECT random() AS r WHERE c."userId" IS NOT NULL) rr
    CROSS JOIN LATERAL (SELECT CASE
        WHEN c.status = 'kerja' THEN CASE WHEN r < 0.86 THEN 'hadir' WHEN r < 0.89 THEN 'alpa' WHEN r < 0.92 THEN 'cuti' WHEN r < 0.94 THEN 'sakit'
                                          WHEN r < 0.95 THEN 'izin' WHEN r < 0.97 THEN 'lupa_checkout' WHEN r < 0.98 THEN 'dinas_luar' ELSE 'hadir' END
        WHEN c.status = 'istirahat' THEN CASE WHEN r < 0.03 THEN 'hadir' ELSE 'istirahat' END
        ELSE 'libur' END AS st) x
    WHERE c.status NOT IN ('belum_bergabung', 'nonaktif') AND c."officeId" IS NOT NULL`,
    [FIRST, LAST],
  );
  await step(
    'attendance',
    `INSERT INTO "Attendance" (id, "userId", "workDate", "checkInAt", "checkInLatitude", "checkInLongitude", "checkInDistance", "lateMinutes",
      "checkOutAt", "checkOutLatitude", "checkOutLongitude", "checkOutDistance", "earlyMinutes", "faceCheckStatus", "officeId", "dayStatus", "shiftStart", "shiftEnd", "updatedAt")
    SELECT att_id, "userId", date, (date + time '08:00' + make_interval(mins => late)) AT TIME ZONE timezone, 0, 0, 10, late,
           CASE WHEN st = 'lupa_checkout' THEN NULL ELSE (date + CASE WHEN ot THEN time '19:00' ELSE time '17:00' END) AT TIME ZONE timezone END,
           CASE WHEN st = 'lupa_checkout' THEN NULL ELSE 0 END, CASE WHEN st = 'lupa_checkout' THEN NULL ELSE 0 END, CASE WHEN st = 'lupa_checkout' THEN NULL ELSE 10 END,
           CASE WHEN st = 'lupa_checkout' THEN NULL ELSE 0 END,
           (CASE WHEN random() < 0.01 THEN 'flagged' ELSE 'verified' END)::"FaceCheckStatus", "officeId", cal, '08:00', '17:00', now()
    FROM bench_plan WHERE st IN ('hadir', 'lupa_checkout')`,
  );
  await step(
    'leave',
    `INSERT INTO "LeaveRequest" (id, "userId", type, category, "leaveTypeId", "startDate", "endDate", days, reason, status, "appliedAt", "processedAt")
    SELECT leave_id, "userId", (CASE st WHEN 'cuti' THEN 'cuti' WHEN 'sakit' THEN 'sakit' ELSE 'lainnya' END)::"LeaveType", st::"LeaveCategory",
           (SELECT id FROM "LeaveTypeConfig" WHERE code = CASE st WHEN 'cuti' THEN 'tahunan' WHEN 'sakit' THEN 'sakit' ELSE 'tanpa_upah' END), date, date, 1, 'Keperluan', 'approved', now(), now()
    FROM bench_plan WHERE st IN ('cuti', 'sakit', 'izin')`,
  );
  await step(
    'corrections',
    `INSERT INTO "AttendanceCorrection" (id, "userId", date, kind, note, reason, status, "requestedById", "requestedByName", "decidedAt")
    SELECT corr_id, "userId", date, 'dinas_luar', 'Kunjungan klien', 'Tugas luar kantor', 'approved', "userId", 'Karyawan', now()
    FROM bench_plan WHERE st = 'dinas_luar'`,
  );
  await step(
    'overtime',
    `INSERT INTO "OvertimeRequest" (id, "userId", date, "startTime", "endTime", "startAt", "endAt", minutes, "dayKind", "weekDays", timezone,
      "shiftStart", "shiftEnd", reason, status, "createdByName", "consentAt", "processedAt", "updatedAt")
    SELECT ot_id, "userId", date, '17:00', '19:00', (date + time '17:00') AT TIME ZONE timezone, (date + time '19:00') AT TIME ZONE timezone, 120, 'kerja', 5, timezone,
           '08:00', '17:00', 'Tutup buku', 'approved', 'Karyawan', now(), now(), now()
    FROM bench_plan WHERE ot`,
  );
  await step(
    'days (the close)',
    `INSERT INTO "AttendanceDay" ("userId", date, "officeId", status, "calendarStatus", "shiftStart", "shiftEnd", "attendanceId", "checkInAt", "checkOutAt",
      "lateMinutes", "earlyMinutes", "leaveId", "leaveTypeName", "correctionId")
    SELECT p."userId", p.date, p."officeId", p.st::"DayResult", p.cal, '08:00', '17:00', a.id, a."checkInAt", a."checkOutAt", p.late, 0,
           CASE WHEN p.st IN ('cuti', 'sakit', 'izin') THEN p.leave_id END,
           CASE p.st WHEN 'cuti' THEN 'Cuti Tahunan' WHEN 'sakit' THEN 'Sakit' WHEN 'izin' THEN 'Izin Tanpa Upah' END,
           CASE WHEN p.st = 'dinas_luar' THEN p.corr_id END
    FROM bench_plan p LEFT JOIN "Attendance" a ON a.id = p.att_id`,
  );
  await step(
    'day closes',
    `INSERT INTO "DayClose" ("officeId", date, days) SELECT "officeId", date, count(*) FROM bench_plan GROUP BY 1, 2`,
  );
  await c.query('DROP TABLE bench_plan');
  await c.query('ANALYZE');
  await c.end();
}

async function measure(n: number) {
  const { url, serverUrl, name } = benchDatabaseUrl();
  const dbName = process.env.BENCH_DB ? name : 'absensi_recap_bench';
  const target = new URL(url);
  target.pathname = `/${dbName}`;
  console.log(`\n${n.toLocaleString('en')} employees × ${MONTH}, database "${dbName}"`);
  const t0 = performance.now();
  await generate(n, target.toString(), serverUrl, dbName);
  console.log(`  generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  process.env.DATABASE_URL = target.toString();
  const { disconnectDb } = await import('@/lib/server/db');
  const { recapOf } = await import('@/features/recap/server/recap');

  const warm = await recapOf(MONTH, null);
  console.log(
    `  recap rows ${warm.rows.length}; totals: hadir ${warm.totals.present}, alpa ${warm.totals.alpa}, cuti ${warm.totals.cuti}, lembur ${warm.totals.overtime.equivalentHours} jam setara`,
  );
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await recapOf(MONTH, null);
    ms.push(performance.now() - t);
  }
  const recapMedian = median(ms);
  console.log(
    `  recap (all offices)   median ${recapMedian.toFixed(0)} ms (${RUNS} runs, min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)})`,
  );

  await sumsBesideDays(target.toString());
  await disconnectDb();
  // The XLSX in a fresh process that does nothing else (as one export request in a server): its time and
  // peak RSS, whatever this process has accumulated generating the data and timing the recap.
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, '--xlsx'], {
    env: { ...process.env, DATABASE_URL: target.toString() },
    encoding: 'utf8',
  });
  const { xlsxMs, peak, baseline, bytes } = JSON.parse(out.trim().split('\n').pop()!) as {
    xlsxMs: number;
    peak: number;
    baseline: number;
    bytes: number;
  };
  console.log(
    `  XLSX (recap + file)   ${(xlsxMs / 1000).toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB, peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB (a fresh process: ${(baseline / 1024 / 1024).toFixed(0)} MB with the modules loaded, before the export)`,
  );
  return { n, recapMedian, xlsxMs, peak };
}

/** The closed days' figures added up from the month's days: the recap's query before the month's sums. */
const FROM_DAYS = `
  SELECT "userId"::text AS "userId", "officeId"::text AS "officeId", ${MONTH_FIGURES_FROM_DAYS}
  FROM "AttendanceDay" WHERE date BETWEEN $1::date AND $2::date GROUP BY 1, 2 ORDER BY 1, 2`;
/** The same figures read from the month's sums (AttendanceMonth), as the recap reads them now. */
const FROM_SUMS = `
  SELECT "userId"::text AS "userId", "officeId"::text AS "officeId", ${MONTH_FIGURES}
  FROM "AttendanceMonth" WHERE month = $1::date AND days > 0 ORDER BY 1, 2`;

/**
 * Side by side in one run: the closed days' figures of the month read from the sums (now) and added up from
 * the days (before), medians of RUNS each, alternating; and the two answers compared whole, so the sums the
 * triggers kept while the data was generated are shown equal to the days at this size.
 */
async function sumsBesideDays(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const days: number[] = [];
  const sums: number[] = [];
  let a: unknown[] = [];
  let b: unknown[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    a = (await c.query(FROM_DAYS, [FIRST, LAST])).rows;
    days.push(performance.now() - t);
    t = performance.now();
    b = (await c.query(FROM_SUMS, [FIRST])).rows;
    sums.push(performance.now() - t);
  }
  await c.end();
  const same = JSON.stringify(a) === JSON.stringify(b);
  console.log(
    `  closed days' figures  from the days ${median(days).toFixed(0)} ms, from the month's sums ${median(sums).toFixed(0)} ms (×${(median(days) / median(sums)).toFixed(0)}); ${a.length} rows, ${same ? 'equal' : 'DIFFERENT'}`,
  );
  if (!same) throw new Error("The month's sums differ from the days");
}

/** Child: one recap XLSX written to nowhere; prints {xlsxMs, peak, baseline, bytes} as JSON. */
async function xlsxOnly() {
  const { disconnectDb } = await import('@/lib/server/db');
  const { recapOf } = await import('@/features/recap/server/recap');
  const { recapDocument } = await import('@/features/recap/server/recap-export');
  const { xlsxStream } = await import('@/lib/server/export/xlsx');
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const tx = performance.now();
  let bytes = 0;
  const recap = await recapOf(MONTH, null);
  await pipeline(
    xlsxStream(recapDocument(recap, 'PT Bench Rekap', null)),
    new Writable({
      write(chunk, _e, cb) {
        bytes += chunk.length;
        cb();
      },
    }),
  );
  const xlsxMs = performance.now() - tx;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(JSON.stringify({ xlsxMs, peak, baseline, bytes }));
  await disconnectDb();
}

async function main() {
  if (process.argv.includes('--xlsx')) return xlsxOnly();
  const given = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const sizes = given.length ? given : [1000, 10_000];
  const results = [];
  // One size per process is the cleanest measure (the Prisma client binds to one database): run the
  // sizes one after another in child processes when more than one is asked.
  if (sizes.length > 1) {
    const { execFileSync } = await import('node:child_process');
    for (const n of sizes)
      execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, String(n)], { stdio: 'inherit', env: process.env });
    return;
  }
  results.push(await measure(sizes[0] ?? 1000));
  const r = results[0]!;
  if (r.n >= 10_000) {
    const ok = r.recapMedian < 2000 && r.xlsxMs < 15_000 && r.peak < 400 * 1024 * 1024;
    console.log(ok ? '  targets met (recap < 2 s, XLSX < 15 s, peak < 400 MB)' : '  TARGET MISSED');
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
