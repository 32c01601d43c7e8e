// SIGTERM during a burst of check-ins (and registrations, whose password hashing keeps the server
// busy), then a restart: the server stops accepting, answers every request it was working on, closes
// the database pool after the last one and exits. Clients retry what got no answer against the
// restarted server; the retries must all be new (200/201, never 409 'already checked in' or 'already
// registered'), so no request was processed without its answer, and the committed rows are exactly
// the burst: one attendance record per employee, one account per email, none lost, none twice.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  adminQuery,
  attendanceOf,
  checkInCrew,
  createDatabase,
  dropDatabase,
  saveLogs,
  send,
  startServer,
  stopServer,
  type Answer,
  type Server,
} from './harness';

const PORT = Number(process.env.RELIABILITY_PORT || 3116);
const BURST = 24;
const CHECK_INS = 120;
const NOT_ACCEPTED = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'];
let database: { name: string; url: string };
let server: Server;
let restarted: Server | undefined;

beforeAll(async () => {
  database = await createDatabase('absensi_rel_shutdown');
  server = await startServer(PORT, database.url);
});

afterAll(async () => {
  saveLogs(server, 'shutdown');
  saveLogs(restarted, 'shutdown-restarted');
  if (server) await stopServer(server);
  if (restarted) await stopServer(restarted);
  if (database) await dropDatabase(database.name);
});

// bcrypt makes each registration cost CPU; on a busy 2-core machine the burst takes seconds.
const register = (email: string) =>
  send(PORT, 'POST', '/api/auth/register', {
    body: { name: 'Karyawan Burst', email, position: 'Staf', password: 'rahasia123' },
    timeoutMs: 60_000,
  });
const checkIn = (body: Record<string, unknown>, token: string) =>
  send(PORT, 'POST', '/api/attendance/check-in', { body, token, timeoutMs: 60_000 });

it('drains the requests in flight, refuses new ones, closes the pool and loses no committed record across a restart', async () => {
  const tag = randomBytes(4).toString('hex');
  const crew = await checkInCrew(database.name, CHECK_INS + 1, tag);
  // Compile the routes and open the pool before measuring.
  expect((await register(`warm.${tag}@rel.test`)).status).toBe(201);
  expect((await checkIn(crew.body, crew.tokens[CHECK_INS]!)).status).toBe(200);

  const emails = Array.from({ length: BURST }, (_, i) => `burst${i}.${tag}@rel.test`);
  const arrivals: number[] = [];
  const burst = emails.map((email, i) =>
    register(email).then((a) => {
      arrivals[i] = Date.now();
      return a;
    }),
  );
  const checkInArrivals: number[] = [];
  const checkIns = crew.tokens.slice(0, CHECK_INS).map((token, i) =>
    checkIn(crew.body, token).then((a) => {
      checkInArrivals[i] = Date.now();
      return a;
    }),
  );
  await new Promise((r) => setTimeout(r, 400));
  const signalAt = Date.now();
  const logsBefore = server.logs.length;
  server.proc.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  const afterSignal = await Promise.all(Array.from({ length: 5 }, () => send(PORT, 'GET', '/api/health', { timeoutMs: 3000 })));

  const first: Answer[] = await Promise.all(burst);
  const firstCheckIns: Answer[] = await Promise.all(checkIns);
  const exit = await server.exited;
  const stoppedMs = Date.now() - signalAt;
  const logs = server.logs.slice(logsBefore).join('');
  const answeredAfterSignal = first.filter((a, i) => a.status === 201 && arrivals[i]! >= signalAt).length;
  const unanswered = emails.filter((_, i) => first[i]!.status === 0);
  const checkInsAfterSignal = firstCheckIns.filter((a, i) => a.status === 200 && checkInArrivals[i]! >= signalAt).length;
  const unansweredCheckIns = crew.tokens.slice(0, CHECK_INS).filter((_, i) => firstCheckIns[i]!.status === 0);

  // Every request got its answer or was never taken (connection refused/reset, safe to retry): no 5xx, no hang.
  for (const a of first) expect(a.status === 201 || NOT_ACCEPTED.includes(a.error ?? ''), JSON.stringify(a)).toBe(true);
  for (const a of firstCheckIns)
    expect(a.status === 200 || NOT_ACCEPTED.includes(a.error ?? ''), JSON.stringify(a).slice(0, 300)).toBe(true);
  expect(answeredAfterSignal + checkInsAfterSignal).toBeGreaterThan(0); // there were requests in flight, and they were finished
  expect(afterSignal.map((a) => a.error)).toEqual(afterSignal.map(() => 'ECONNREFUSED'));
  expect(exit.code).toBe(143);
  expect(logs).toMatch(/\[shutdown\] closed: .*database/);
  expect(logs).not.toMatch(/Cannot use a pool after calling end|\[api\] 5\d\d/);
  const open = await adminQuery<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [database.name]);
  expect(open[0]!.n).toBe(0);

  restarted = await startServer(PORT, database.url);
  const retries = await Promise.all(unanswered.map(register));
  expect(retries.map((r) => r.status)).toEqual(unanswered.map(() => 201));
  const checkInRetries = await Promise.all(unansweredCheckIns.map((token) => checkIn(crew.body, token)));
  expect(checkInRetries.map((r) => r.status)).toEqual(unansweredCheckIns.map(() => 200));
  const records = await attendanceOf(database.name, crew.ids);
  expect(records.length).toBe(CHECK_INS + 1);
  expect(records.every((r) => r.n === 1)).toBe(true);
  const rows = await adminQuery<{ email: string; n: number }>(
    `SELECT email, count(*)::int AS n FROM "User" WHERE email LIKE $1 GROUP BY email`,
    [`burst%.${tag}@rel.test`],
    database.name,
  );
  expect(rows.map((r) => r.email).sort()).toEqual([...emails].sort());
  expect(rows.every((r) => r.n === 1)).toBe(true);

  console.log(
    `[shutdown] burst of ${CHECK_INS} check-ins and ${BURST} registrations, SIGTERM 400 ms in: ` +
      `check-ins: ${CHECK_INS - unansweredCheckIns.length} answered 200 (${checkInsAfterSignal} after the signal), ${unansweredCheckIns.length} never taken and retried after the restart: ` +
      `${checkInRetries.filter((r) => r.status === 200).length} × 200, 0 × 409; attendance records ${records.length} (warm-up included), none twice; ` +
      `registrations: ${first.length - unanswered.length} answered 201 ` +
      `(${answeredAfterSignal} of them after the signal), ${unanswered.length} never taken (connection reset) and retried after the restart: ` +
      `${retries.filter((r) => r.status === 201).length} × 201, 0 × 409; rows: ${rows.length} distinct, none twice; ` +
      `new connections 1 s after SIGTERM refused: ${afterSignal.filter((a) => a.error === 'ECONNREFUSED').length}/5; ` +
      `process exited with 143 after ${stoppedMs} ms, pool closed, 0 connections left`,
  );
});
