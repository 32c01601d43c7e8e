// SIGTERM during a burst of writes: the server stops accepting, every request it had accepted is
// answered, the database pool is closed after the last one, and the committed rows are exactly the
// requests answered 201 (none lost, none twice).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { adminQuery, createDatabase, dropDatabase, send, startServer, stopServer, type Answer, type Server } from './harness';

const PORT = Number(process.env.RELIABILITY_PORT || 3116);
const BURST = 40;
let database: { name: string; url: string };
let server: Server;

beforeAll(async () => {
  database = await createDatabase('absensi_rel_shutdown');
  server = await startServer(PORT, database.url);
});

afterAll(async () => {
  if (server) await stopServer(server);
  if (database) await dropDatabase(database.name);
});

it('drains the requests in flight, refuses new ones, closes the pool and loses no committed record', async () => {
  const tag = randomBytes(4).toString('hex');
  // Compile the route and open the pool before measuring.
  expect((await send(PORT, 'POST', '/api/auth/register', { body: { name: 'Pemanasan', email: `warm.${tag}@rel.test`, position: 'Staf', password: 'rahasia123' } })).status).toBe(201);

  const emails = Array.from({ length: BURST }, (_, i) => `burst${i}.${tag}@rel.test`);
  const answered: Answer[] = [];
  const burst = emails.map((email) =>
    send(PORT, 'POST', '/api/auth/register', { body: { name: 'Karyawan Burst', email, position: 'Staf', password: 'rahasia123' } }).then((a) => {
      answered.push(a);
      return a;
    }),
  );
  // Every request is on the server (bcrypt yields, so all connections are accepted) but most are unfinished.
  await new Promise((r) => setTimeout(r, 400));
  const inFlightAtSignal = BURST - answered.length;
  const signalAt = Date.now();
  server.proc.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 150));
  const afterSignal = await Promise.all(Array.from({ length: 5 }, () => send(PORT, 'GET', '/api/health', { timeoutMs: 3000 })));

  const results = await Promise.all(burst);
  const exit = await server.exited;
  const stoppedMs = Date.now() - signalAt;
  const rows = await adminQuery<{ email: string }>(`SELECT email FROM "User" WHERE email LIKE $1`, [`burst%.${tag}@rel.test`], database.name);
  const logs = server.logs.join('');

  console.log(
    `[shutdown] burst ${BURST} registrations, in flight at SIGTERM: ${inFlightAtSignal}, answered 201: ${results.filter((r) => r.status === 201).length}, ` +
      `rows committed: ${rows.length}, new connections after SIGTERM refused: ${afterSignal.filter((a) => a.error === 'ECONNREFUSED').length}/5, ` +
      `exit code ${exit.code} after ${stoppedMs} ms`,
  );

  expect(inFlightAtSignal).toBeGreaterThanOrEqual(BURST / 2);
  expect(results.map((r) => r.status)).toEqual(emails.map(() => 201));
  expect(afterSignal.map((a) => a.error)).toEqual(afterSignal.map(() => 'ECONNREFUSED'));
  expect(rows.map((r) => r.email).sort()).toEqual([...emails].sort());
  expect(exit.code).toBe(143);
  expect(logs).toContain('[shutdown] closed: database');
  expect(logs).not.toMatch(/Cannot use a pool after calling end|\[api\] 5\d\d/);
  const open = await adminQuery<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [database.name]);
  expect(open[0]!.n).toBe(0);
});
