// How long the face re-check backlog of a morning rush takes to clear, on PostgreSQL.
// Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/face-backlog.bench.ts
//
// - Its own database (absensi_bench_backlog, BENCH_DB to rename; dropped and created again) holding
//   the state a rush leaves: BENCH_JOBS (default 10,000) check-ins with a 60 KB photo each and their
//   queued re-check jobs, as bench/checkin.bench.ts's rush writes them.
// - Then the setup under test drains it: BENCH_WEB production instances (default 1; the build of
//   test:reliability, `.next-reliability`) with their in-app worker on (BENCH_WEB_WORKER=off to turn
//   it off) and BENCH_WORKERS standalone workers (`scripts/face-worker.ts`, default 0).
//   FACE_ENGINE_THREADS is passed through to all of them.
// - It counts finished jobs every 5 s for BENCH_WINDOW seconds (default 240; 0 = until the queue is
//   empty) and prints the rate over the window after the first minute's warm-up, and the time the
//   whole backlog takes at that rate (measured to the end when BENCH_WINDOW=0).
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { benchDatabaseUrl } from './bench-db';
import { fixtureDescriptor, paddedPhoto } from './bench-photo';
import { startServer, stopServer, serverEnv, type Server } from '../tests/reliability/harness';

process.env.BENCH_DB ||= 'absensi_bench_backlog';
const { url, serverUrl, name } = benchDatabaseUrl();
const JOBS = Number(process.env.BENCH_JOBS || 10_000);
const WEB = Number(process.env.BENCH_WEB ?? 1);
const WEB_WORKER = process.env.BENCH_WEB_WORKER === 'off' ? 'off' : 'on';
const WORKERS = Number(process.env.BENCH_WORKERS || 0);
const WINDOW_S = Number(process.env.BENCH_WINDOW ?? 240);
const PORT = Number(process.env.BENCH_PORT || 3127);
const WARM_S = 60;

async function prepare(): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync('node_modules/.bin/tsx', ['scripts/migrate.ts', 'apply'], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`migrate failed:\n${r.stdout}\n${r.stderr}`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const descriptor = fixtureDescriptor();
  await c.query(
    `WITH u AS (
       INSERT INTO "User" (id, name, email, position, role, "passwordHash", "updatedAt")
       SELECT gen_random_uuid(), 'Karyawan ' || g, 'backlog' || g || '@bench.local', 'Staf', 'employee', 'x', now() FROM generate_series(1, $1) g
       RETURNING id),
     f AS (INSERT INTO "FaceProfile" ("userId", descriptor, status, "updatedAt") SELECT id, $2::float8[], 'active', now() FROM u RETURNING "userId"),
     a AS (
       INSERT INTO "Attendance" (id, "userId", "workDate", "checkInAt", "checkInLatitude", "checkInLongitude", "checkInDistance", "checkInFaceScore", "updatedAt")
       SELECT gen_random_uuid(), "userId", current_date, now(), -6.175392, 106.827153, 5, 0.1, now() FROM f
       RETURNING id),
     p AS (
       INSERT INTO "AttendancePhoto" (id, "attendanceId", kind, mime, size, data, descriptor)
       SELECT gen_random_uuid(), id, 'check_in', 'image/jpeg', length($3::bytea), $3::bytea, $2::float8[] FROM a
       RETURNING id)
     INSERT INTO "FaceCheckJob" ("photoId", "updatedAt") SELECT id, now() FROM p`,
    [JOBS, descriptor, paddedPhoto()],
  );
  await c.query('ANALYZE');
  await c.end();
}

async function counts(c: pg.Client): Promise<{ done: number; failed: number; open: number }> {
  const { rows } = await c.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM "FaceCheckJob" GROUP BY status`);
  const get = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return { done: get('done'), failed: get('failed'), open: get('queued') + get('running') };
}

/** CPU seconds (user + system) used so far by these processes and all their descendants (Linux /proc, 100 ticks/s). */
function cpuSeconds(roots: number[]): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, 'utf8');
      const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(d), { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      /* gone */
    }
  }
  const inTree = (pid: number): boolean => roots.includes(pid) || (pid > 1 && stats.has(pid) && inTree(stats.get(pid)!.ppid));
  let ticks = 0;
  for (const [pid, s] of stats) if (inTree(pid)) ticks += s.ticks;
  return ticks / 100;
}

async function databaseCpu(c: pg.Client): Promise<number> {
  const { rows } = await c.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
    name,
  ]);
  return cpuSeconds(rows.map((r) => r.pid));
}

function startWorker(): ChildProcess {
  const proc = spawn('node_modules/.bin/tsx', ['scripts/face-worker.ts'], { env: serverEnv(url), stdio: ['ignore', 'ignore', 'inherit'] });
  return proc;
}

console.log(
  `[backlog] ${JOBS} jobs; ${WEB} web instance(s), in-app worker ${WEB_WORKER}; ${WORKERS} standalone worker(s); FACE_ENGINE_THREADS=${process.env.FACE_ENGINE_THREADS ?? '(default)'}`,
);
await prepare();
const servers: Server[] = [];
const workers: ChildProcess[] = [];
const c = new pg.Client({ connectionString: url });
await c.connect();
try {
  const started = Date.now();
  // No daily close: it runs after each office's day has ended, not during the morning's re-checks, and on
  // this fresh database it would catch up 62 past days for every employee beside them.
  for (let i = 0; i < WEB; i++) servers.push(await startServer(PORT + i, url, { FACE_WORKER: WEB_WORKER, DAILY_CLOSE_WORKER: 'off' }));
  for (let i = 0; i < WORKERS; i++) workers.push(startWorker());
  const pids = () => [...servers.map((x) => x.proc.pid!), ...workers.map((w) => w.pid!)];
  const samples: { s: number; done: number; cpu: number; db: number; load: number }[] = [];
  for (;;) {
    await new Promise((r) => setTimeout(r, 5000));
    const k = await counts(c);
    const s = (Date.now() - started) / 1000;
    samples.push({ s, done: k.done + k.failed, cpu: cpuSeconds(pids()), db: await databaseCpu(c), load: os.loadavg()[0]! });
    if (samples.length % 6 === 0 || k.open === 0)
      console.log(`[backlog] ${s.toFixed(0)} s: ${k.done} done, ${k.failed} failed, ${k.open} open`);
    if (k.open === 0 || (WINDOW_S > 0 && s >= WINDOW_S)) break;
  }
  const last = samples.at(-1)!;
  const warm = samples.find((x) => x.s >= WARM_S) ?? samples[0]!;
  const rate = last.s > warm.s ? (last.done - warm.done) / (last.s - warm.s) : last.done / last.s;
  const clearS = last.done >= JOBS ? last.s : warm.s + (JOBS - warm.done) / rate;
  const { rows: twice } = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM "FaceCheckJob" WHERE attempts > 1`);
  const jobs = last.done - warm.done;
  const appCpu = (last.cpu - warm.cpu) / jobs;
  const dbCpu = (last.db - warm.db) / jobs;
  const loads = samples.filter((x) => x.s >= warm.s).map((x) => x.load);
  console.log(
    `[backlog] rate ${rate.toFixed(2)} jobs/s (from ${warm.s.toFixed(0)} s to ${last.s.toFixed(0)} s); ${last.done} of ${JOBS} done; jobs claimed more than once: ${twice[0]!.n}; machine load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${os.availableParallelism()} cores`,
  );
  console.log(`[backlog] CPU per job: ${appCpu.toFixed(3)} s in the app/worker processes, ${dbCpu.toFixed(3)} s in PostgreSQL`);
  console.log(
    `[backlog] whole backlog of ${JOBS}: ${(clearS / 60).toFixed(1)} min ${last.done >= JOBS ? '(measured)' : '(at the measured rate)'}`,
  );
} finally {
  await c.end();
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once('close', r)))));
  await Promise.all(servers.map(stopServer));
}
