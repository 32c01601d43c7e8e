// Report benchmark, side by side in one run on the generated data (bench/generate-data.ts first):
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/reports.bench.ts
// Prints the medians of: the full-year report aggregated in SQL, the same report the spec's way
// (every record fetched, then computed in JavaScript), their ratio, and the admin dashboard.
// Targets: SQL report < 500 ms, ratio ≥ 20, dashboard < 200 ms (medians). Exit code 1 if missed.
import { benchDatabaseUrl, median } from './bench-db';

const RUNS_SQL = Number(process.env.BENCH_RUNS || 15);
const RUNS_SPEC = Number(process.env.BENCH_RUNS_SPEC || 5);

async function time<T>(runs: number, fn: () => Promise<T>): Promise<{ ms: number[]; last: T }> {
  const ms: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    last = await fn();
    ms.push(performance.now() - t);
  }
  return { ms, last };
}

async function main() {
  process.env.DATABASE_URL = benchDatabaseUrl().url;
  const { db, disconnectDb } = await import('@/lib/server/db');
  const { reportSummary } = await import('@/features/reports/server/reports');
  const { adminDashboard } = await import('@/features/reports/server/dashboard');
  const { specWayReport } = await import('./spec-way');
  const { addDays, dateKeyInZone } = await import('@/lib/dates');

  const admin = await db.user.findFirst({ where: { role: 'admin' } });
  if (!admin) throw new Error('No data: run bench/generate-data.ts first.');
  const { getMainOffice } = await import('@/features/offices/server/offices');
  const endDate = dateKeyInZone(new Date(), (await getMainOffice()).timezone);
  const period = { startDate: addDays(endDate, -364), endDate };
  const [employees, records] = await Promise.all([db.user.count({ where: { role: 'employee' } }), db.attendance.count()]);
  console.log(`Data: ${employees} employees, ${records} attendance records; period ${period.startDate} .. ${period.endDate} (365 days)`);

  // Warm up both paths (connections, plans, JIT), then check they agree before timing.
  const sqlReport = await reportSummary(admin, period);
  const specReport = await specWayReport(admin, period.startDate, period.endDate);
  await adminDashboard(admin);
  const same =
    JSON.stringify(sqlReport.employeeStats) === JSON.stringify(specReport.employeeStats) &&
    sqlReport.summary.totalPresent === specReport.totalPresent &&
    sqlReport.summary.totalAbsent === specReport.totalAbsent &&
    sqlReport.summary.attendanceRate === specReport.attendanceRate;
  console.log(
    `Same figures both ways: ${same ? 'yes' : 'NO'} (present ${sqlReport.summary.totalPresent}, absent ${sqlReport.summary.totalAbsent}, leave ${sqlReport.summary.totalLeave}, rate ${sqlReport.summary.attendanceRate}%)`,
  );

  // Interleaved rounds, so a change in the machine's load hits both ways alike.
  const sql = { ms: [] as number[] };
  const spec = { ms: [] as number[] };
  const perRound = Math.max(1, Math.round(RUNS_SQL / RUNS_SPEC));
  for (let round = 0; round < RUNS_SPEC; round++) {
    sql.ms.push(...(await time(perRound, () => reportSummary(admin, period))).ms);
    spec.ms.push(...(await time(1, () => specWayReport(admin, period.startDate, period.endDate))).ms);
  }
  const dash = await time(RUNS_SQL * 2, () => adminDashboard(admin));
  const mSql = median(sql.ms);
  const mSpec = median(spec.ms);
  const mDash = median(dash.ms);
  const ratio = mSpec / mSql;
  const fmt = (n: number) => `${n.toFixed(1).padStart(8)} ms`;
  console.log(
    `Full-year report, SQL aggregation     median ${fmt(mSql)}  (${sql.ms.length} runs, min ${Math.min(...sql.ms).toFixed(1)}, max ${Math.max(...sql.ms).toFixed(1)})`,
  );
  console.log(`Full-year report, spec's way (JS)     median ${fmt(mSpec)}  (${RUNS_SPEC} runs, ${specReport.records} records fetched)`);
  console.log(`Ratio spec's way / SQL                 ${ratio.toFixed(1).padStart(8)} ×`);
  console.log(`Admin dashboard                       median ${fmt(mDash)}  (${RUNS_SQL * 2} runs)`);
  const ok = same && mSql < 500 && ratio >= 20 && mDash < 200;
  console.log(ok ? 'All targets met (SQL < 500 ms, ratio ≥ 20, dashboard < 200 ms).' : 'Target missed.');
  await disconnectDb();
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
