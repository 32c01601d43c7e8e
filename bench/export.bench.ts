// Export benchmark: the Riwayat Absensi CSV streamed from the keyset cursor, peak RSS against row count.
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/export.bench.ts
// Builds its own database (absensi_export_bench; BENCH_DB overrides) with EXPORT_EMPLOYEES (1,000) ×
// EXPORT_DAYS (300) attendance records = 300,000 rows, then exports a 10-day slice (10,000 rows) and the
// whole set (300,000 rows), reading the response body the way a client does. Each export runs in a
// fresh child process so the peak RSS of one does not hide the other, once with V8's default heap and once
// with the old generation capped (EXPORT_HEAP_CAP_MB, 128). Target: flat memory — with the cap, the peak
// of the 300,000-row export stays within ~50 MB of the 10,000-row one (and it finishes at all).
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchDatabaseUrl, freshMigratedDatabase } from './bench-db';

const EMPLOYEES = Number(process.env.EXPORT_EMPLOYEES || 1000);
const DAYS = Number(process.env.EXPORT_DAYS || 300);
const FIRST_DAY = '2025-01-01';
const HEAP_CAP_MB = Number(process.env.EXPORT_HEAP_CAP_MB || 128);

function env(): { url: string; serverUrl: string; name: string } {
  process.env.BENCH_DB ||= 'absensi_export_bench';
  return benchDatabaseUrl();
}

async function generate(): Promise<void> {
  const { url, serverUrl, name } = env();
  await freshMigratedDatabase(url, serverUrl, name);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t = performance.now();
  await c.query(
    `INSERT INTO "User" (id, name, email, position, role, "passwordHash", "updatedAt")
    SELECT gen_random_uuid(), 'Karyawan ' || g, 'k' || g || '@bench.local', 'Staf', 'employee', 'x', now() FROM generate_series(1, $1) g`,
    [EMPLOYEES],
  );
  await c.query(
    `INSERT INTO "Attendance" (id, "userId", "workDate", "checkInAt", "checkInLatitude", "checkInLongitude", "checkInDistance", "checkOutAt", "checkOutLatitude", "checkOutLongitude", "lateMinutes", "updatedAt")
    SELECT gen_random_uuid(), u.id, d::date, d + interval '1 hour' + (random() * interval '30 minutes'), -6.1754, 106.8272, 10,
           d + interval '10 hours', -6.1754, 106.8272, (random() * 20)::int, now()
    FROM "User" u CROSS JOIN generate_series($1::date, $1::date + ($2 - 1), interval '1 day') d WHERE u.role = 'employee'`,
    [FIRST_DAY, DAYS],
  );
  const { rows } = await c.query('SELECT count(*)::int AS n FROM "Attendance"');
  console.log(`generated ${rows[0].n.toLocaleString('en')} attendance rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await c.end();
}

/** In a child: export `days` days (all when 0) as CSV, sampling RSS; prints one JSON line. */
async function child(days: number): Promise<void> {
  process.env.DATABASE_URL = env().url;
  const { exportAttendance } = await import('@/features/attendance/server/attendance-export');
  const { disconnectDb } = await import('@/lib/server/db');
  const { addDays } = await import('@/lib/dates');
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  const q = days ? { startDate: FIRST_DAY, endDate: addDays(FIRST_DAY, days - 1) } : {};
  const actor = {
    id: '00000000-0000-4000-8000-000000000000',
    role: 'admin',
    name: 'Bench',
    email: 'b@bench.local',
    position: 'x',
    mustChangePassword: false,
    createdAt: new Date(),
  } as never;
  const res = await exportAttendance(actor, { format: 'csv', sep: 'semicolon', q });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(JSON.stringify({ rows: lines, bytes, ms: Math.round(performance.now() - start), peakMb: Math.round(peak / 1048576) }));
  await disconnectDb();
}

async function main() {
  const [mode, arg] = process.argv.slice(2);
  if (mode === 'child') return child(Number(arg));
  if (process.env.EXPORT_SKIP_GENERATE !== '1') await generate();
  const self = fileURLToPath(import.meta.url);
  type Run = { rows: number; bytes: number; ms: number; peakMb: number; cap: string };
  const results: Run[] = [];
  // Each size twice: with V8's default heap (what the process's RSS reaches when the collector is lazy:
  // a heap it has room to grow into is garbage collected late, not kept), and with the old generation
  // capped at HEAP_CAP_MB: an export that held its rows would fail there, one that streams finishes with
  // the same footprint at both sizes.
  for (const cap of ['', `--max-old-space-size=${HEAP_CAP_MB}`]) {
    for (const days of [Math.max(1, Math.round(10_000 / EMPLOYEES)), 0]) {
      const args = [...(cap ? [cap] : []), '--import', 'tsx', self, 'child', String(days)];
      const out = spawnSync(process.execPath, args, { encoding: 'utf8', env: process.env });
      if (out.status !== 0) throw new Error(`export of ${days || 'all'} day(s) failed (${cap || 'default heap'}):\n${out.stderr}`);
      const line = out.stdout
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .pop()!;
      results.push({ ...JSON.parse(line), cap: cap ? `old space ${HEAP_CAP_MB} MB` : 'default' });
    }
  }
  console.log('rows       bytes        time     peak RSS  heap');
  for (const r of results)
    console.log(
      `${String(r.rows).padStart(7)}  ${String(r.bytes).padStart(11)}  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${String(r.peakMb).padStart(5)} MB  ${r.cap}`,
    );
  const [small, big] = results.slice(2);
  const delta = big!.peakMb - small!.peakMb;
  const signed = `${delta >= 0 ? '+' : ''}${delta}`;
  const flat = delta <= 50;
  console.log(
    flat
      ? `flat: ${signed} MB for ${Math.round(big!.rows / small!.rows)}× the rows with the heap capped at ${HEAP_CAP_MB} MB`
      : `NOT flat: ${signed} MB with the heap capped at ${HEAP_CAP_MB} MB`,
  );
  process.exitCode = flat ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
