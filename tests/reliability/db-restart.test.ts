// PostgreSQL restarted in the middle of a check-in load: the app process stays up, the only errors
// are 503s with a clear message during the outage, nothing waits past the 10 s client timeout,
// service is back within 5 s after the database is, and the attendance records are exactly those of
// the check-ins answered 200.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  adminQuery,
  attendanceOf,
  checkInCrew,
  CLIENT_TIMEOUT_MS,
  createDatabase,
  dropDatabase,
  percentile,
  saveLogs,
  send,
  startServer,
  stopServer,
  UNAVAILABLE_MESSAGE,
  type Answer,
  type Server,
} from './harness';

const PORT = Number(process.env.RELIABILITY_PORT || 3116) + 1;
const WORKERS = 8;
const RECOVERY_LIMIT_MS = 5000;
// Debian's wrapper; another install can name its own restart command.
const RESTART_CMD = (process.env.PG_RESTART_CMD || 'pg_ctlcluster --skip-systemctl-redirect 15 main restart').split(' ');

let database: { name: string; url: string };
let server: Server;

beforeAll(async () => {
  database = await createDatabase('absensi_rel_restart');
  server = await startServer(PORT, database.url);
});

afterAll(async () => {
  saveLogs(server, 'db-restart');
  if (server) await stopServer(server);
  if (database) await dropDatabase(database.name);
});

type Op = 'check-in' | 'health' | 'me';
type Record = Answer & { op: Op; employee?: string; endedAt: number };
const CREW = 8000;

async function databaseUp(): Promise<boolean> {
  try {
    await adminQuery('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

it('survives a PostgreSQL restart with bounded, clear errors and exact records', async () => {
  const tag = randomBytes(4).toString('hex');
  const crew = await checkInCrew(database.name, CREW, tag);
  const login = await send(PORT, 'POST', '/api/auth/login', {
    body: { email: 'admin@absensi.local', password: process.env.SEED_PASSWORD || 'Absensi123' },
  });
  expect(login.status).toBe(200);
  const token = login.body.token as string;

  const records: Record[] = [];
  let stop = false;
  let n = 0;
  // Half the requests are check-ins (each by the next employee of the crew), the rest health and session reads.
  async function worker(w: number) {
    for (let i = 0; !stop; i++) {
      const kind = (['check-in', 'health', 'check-in', 'me'] as const)[(w + i) % 4]!;
      const op: Op = kind === 'check-in' && n >= CREW ? 'health' : kind;
      const employee = op === 'check-in' ? n++ : undefined;
      const a =
        op === 'check-in'
          ? await send(PORT, 'POST', '/api/attendance/check-in', { body: crew.body, token: crew.tokens[employee!] })
          : op === 'health'
            ? await send(PORT, 'GET', '/api/health')
            : await send(PORT, 'GET', '/api/auth/me', { token });
      records.push({ ...a, op, employee: employee === undefined ? undefined : crew.ids[employee], endedAt: Date.now() });
      if (a.status !== 200 && a.status !== 201) await new Promise((r) => setTimeout(r, 100)); // a client backing off
    }
  }
  const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));

  await new Promise((r) => setTimeout(r, 3000));
  const downAt = Date.now();
  execFileSync(RESTART_CMD[0]!, RESTART_CMD.slice(1), { stdio: 'ignore' });
  while (!(await databaseUp())) await new Promise((r) => setTimeout(r, 50));
  const upAt = Date.now();
  await new Promise((r) => setTimeout(r, 8000));
  stop = true;
  await Promise.all(workers);

  const ok = (r: Record) => r.status === 200 || r.status === 201;
  const failures = records.filter((r) => !ok(r));
  const firstOkAfterUp = records.filter((r) => ok(r) && r.startedAt >= upAt).sort((a, b) => a.endedAt - b.endedAt)[0];
  const recoveryMs = firstOkAfterUp ? firstOkAfterUp.endedAt - upAt : Infinity;
  const maxMs = Math.max(...records.map((r) => r.ms));
  const committed = await attendanceOf(database.name, crew.ids);
  const answered200 = records.filter((r) => r.op === 'check-in' && r.status === 200).map((r) => r.employee!);
  const checkIns = records.filter((r) => r.op === 'check-in').length;
  const duringOutage = records.filter((r) => r.startedAt >= downAt && r.startedAt < upAt);

  console.log(
    `[db-restart] ${records.length} requests by ${WORKERS} clients; database down for ${upAt - downAt} ms; ` +
      `failures: ${failures.length} (${[...new Set(failures.map((f) => f.error ?? `${f.status} ${f.body?.code}`))].join(', ') || 'none'}); ` +
      `sent during the outage: ${duringOutage.length} (${duringOutage.filter((r) => ok(r) && r.endedAt >= upAt).length} answered once it was back, ${duringOutage.filter((r) => !ok(r)).length} failed); ` +
      `service back ${recoveryMs} ms after the database; slowest answer ${maxMs} ms, p95 ${percentile(
        records.map((r) => r.ms),
        95,
      )} ms; ` +
      `check-ins: ${checkIns}, answered 200: ${answered200.length}, attendance records: ${committed.length} (${committed.filter((c) => c.n > 1).length} twice)`,
  );

  expect(server.proc.exitCode).toBeNull();
  expect((await send(PORT, 'GET', '/api/health')).status).toBe(200);
  expect(records.filter((r) => r.error)).toEqual([]); // every request got an HTTP answer, none timed out
  expect(maxMs).toBeLessThan(CLIENT_TIMEOUT_MS);
  for (const f of failures) {
    expect(f.status).toBe(503);
    expect(f.body).toMatchObject({ code: 'UNAVAILABLE', error: expect.any(String) });
    expect([UNAVAILABLE_MESSAGE, 'Server sedang dihentikan. Silakan coba lagi sebentar lagi.']).toContain(f.body.error);
    expect(f.endedAt).toBeGreaterThanOrEqual(downAt);
    expect(f.startedAt).toBeLessThanOrEqual(upAt + RECOVERY_LIMIT_MS);
  }
  // The outage was real: requests were sent while the database was down, and they either failed
  // with the 503 above or waited for it (a new connection is retried until connectionTimeoutMillis).
  expect(duringOutage.length).toBeGreaterThan(0);
  expect(duringOutage.some((r) => !ok(r) || r.endedAt >= upAt)).toBe(true);
  expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
  expect(records.filter((r) => r.startedAt > upAt + RECOVERY_LIMIT_MS && !ok(r))).toEqual([]);
  expect(n).toBeLessThan(CREW); // the load never ran out of employees
  expect(committed.every((c) => c.n === 1)).toBe(true);
  expect(committed.map((r) => r.userId).sort()).toEqual([...answered200].sort());
});
