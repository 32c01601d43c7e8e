// PostgreSQL restarted in the middle of a load: the app process stays up, the only errors are 503s
// with a clear message during the outage, nothing waits past the 10 s client timeout, service is
// back within 5 s after the database is, and the committed rows are exactly those answered 201.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { adminQuery, CLIENT_TIMEOUT_MS, createDatabase, dropDatabase, percentile, saveLogs, send, startServer, stopServer, UNAVAILABLE_MESSAGE, type Answer, type Server } from './harness';

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

type Op = 'register' | 'health' | 'me';
type Record = Answer & { op: Op; email?: string; endedAt: number };

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
  const login = await send(PORT, 'POST', '/api/auth/login', { body: { email: 'admin@absensi.local', password: process.env.SEED_PASSWORD || 'Absensi123' } });
  expect(login.status).toBe(200);
  const token = login.body.token as string;

  const records: Record[] = [];
  let stop = false;
  let n = 0;
  async function worker(w: number) {
    for (let i = 0; !stop; i++) {
      const op: Op = (['register', 'health', 'me'] as const)[(w + i) % 3]!;
      const email = op === 'register' ? `load${n++}.${tag}@rel.test` : undefined;
      const a =
        op === 'register'
          ? await send(PORT, 'POST', '/api/auth/register', { body: { name: 'Karyawan Beban', email, position: 'Staf', password: 'rahasia123' } })
          : op === 'health'
            ? await send(PORT, 'GET', '/api/health')
            : await send(PORT, 'GET', '/api/auth/me', { token });
      records.push({ ...a, op, email, endedAt: Date.now() });
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
  const committed = await adminQuery<{ email: string }>(`SELECT email FROM "User" WHERE email LIKE $1`, [`load%.${tag}@rel.test`], database.name);
  const answered201 = records.filter((r) => r.op === 'register' && r.status === 201).map((r) => r.email!);

  console.log(
    `[db-restart] ${records.length} requests by ${WORKERS} clients; database down for ${upAt - downAt} ms; ` +
      `failures: ${failures.length} (${[...new Set(failures.map((f) => f.error ?? `${f.status} ${f.body?.code}`))].join(', ') || 'none'}); ` +
      `service back ${recoveryMs} ms after the database; slowest answer ${maxMs} ms, p95 ${percentile(records.map((r) => r.ms), 95)} ms; ` +
      `registrations answered 201: ${answered201.length}, rows committed: ${committed.length}`,
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
  expect(failures.length).toBeGreaterThan(0); // the outage was real
  expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
  expect(records.filter((r) => r.startedAt > upAt + RECOVERY_LIMIT_MS && !ok(r))).toEqual([]);
  expect(committed.map((r) => r.email).sort()).toEqual([...answered201].sort());
});
