// Three instances behind nginx on one database: every rule that must hold for the whole company holds
// across processes. Each case is one `it` on the shared cluster; a rule added later (the daily close
// once per office-day, changes of offices, schedules or holidays seen by every instance) is one more.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminQuery, attendanceOf, checkInCrew, send, type Answer } from '../reliability/harness';
import { countBy, inParallel, INSTANCE_PORTS, servedBy, show, startCluster, stopCluster, tag, viaProxy, type Cluster } from './setup';

const PASSWORD = process.env.SEED_PASSWORD || 'Absensi123';
let cluster: Cluster;
let adminToken: string;

beforeAll(async () => {
  cluster = await startCluster('consistency');
  const login = await viaProxy('POST', '/api/auth/login', {
    body: { email: 'admin@absensi.local', password: PASSWORD },
    timeoutMs: 60_000,
  });
  expect(login.status, JSON.stringify(login)).toBe(200);
  adminToken = login.body.token;
});

afterAll(() => stopCluster(cluster, 'consistency'));

const db = () => cluster.database.name;
const statuses = (answers: Answer[]) => countBy(answers.map((a) => `${a.status}${a.body?.code ? ` ${a.body.code}` : ''}`));

it('30 parallel check-ins of one employee spread over the instances make exactly one record', async () => {
  const crew = await checkInCrew(db(), 1, tag());
  // Each punch needs its own one-time challenge, and an employee may hold only 10 open ones
  // (MAX_OPEN_CHALLENGES, docs/anti-fraud.md): one is issued through nginx, 29 more like it are written
  // directly, so that the 30 punches race for the record and not for challenges.
  const issued = await viaProxy('POST', '/api/attendance/challenge', { body: { action: 'check-in' }, token: crew.tokens[0] });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const copies = await adminQuery<{ id: string }>(
    `INSERT INTO "AttendanceChallenge" (id, "userId", action, steps, "expiresAt", "createdAt")
     SELECT gen_random_uuid(), c."userId", c.action, c.steps, c."expiresAt", now() FROM "AttendanceChallenge" c, generate_series(1, 29)
      WHERE c.id = $1::uuid RETURNING id::text`,
    [issued.body.id],
    db(),
  );
  const challenges = [issued.body.id as string, ...copies.map((c) => c.id)];
  const answers = await Promise.all(
    challenges.map((challengeId) =>
      viaProxy('POST', '/api/attendance/check-in', { body: { ...crew.body, challengeId }, token: crew.tokens[0] }),
    ),
  );
  const [records] = await attendanceOf(db(), crew.ids);
  const [rows] = await adminQuery<{ photos: number; jobs: number }>(
    `SELECT count(DISTINCT p.id)::int AS photos, count(j.id)::int AS jobs FROM "Attendance" a JOIN "AttendancePhoto" p ON p."attendanceId" = a.id
     LEFT JOIN "FaceCheckJob" j ON j."photoId" = p.id WHERE a."userId" = $1::uuid`,
    [crew.ids[0]],
    db(),
  );
  console.log(
    `[scale] 30 parallel check-ins of one employee: by instance ${show(countBy(answers.map(servedBy)))}; answers ${show(statuses(answers))}; records ${records?.n}, photos ${rows!.photos}, re-check jobs ${rows!.jobs}`,
  );
  expect(new Set(answers.map(servedBy))).toEqual(new Set([1, 2, 3]));
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.status === 409 && a.body.code === 'ALREADY_CHECKED_IN')).toHaveLength(29);
  expect(records?.n).toBe(1);
  expect(rows).toEqual({ photos: 1, jobs: 1 });
});

it('30 parallel registrations of one e-mail over the instances make exactly one account', async () => {
  const email = `one.${tag()}@scale.test`;
  const body = { name: 'Karyawan Paralel', email, position: 'Staf', password: 'rahasia123' };
  const answers = await Promise.all(Array.from({ length: 30 }, () => viaProxy('POST', '/api/auth/register', { body, timeoutMs: 60_000 })));
  const [row] = await adminQuery<{ n: number }>(`SELECT count(*)::int AS n FROM "User" WHERE email = $1`, [email], db());
  console.log(
    `[scale] 30 parallel registrations of one e-mail: by instance ${show(countBy(answers.map(servedBy)))}; answers ${show(statuses(answers))}; accounts ${row!.n}`,
  );
  expect(new Set(answers.map(servedBy))).toEqual(new Set([1, 2, 3]));
  expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
  for (const a of answers.filter((x) => x.status !== 201))
    expect(a.body).toMatchObject({ code: 'EMAIL_TAKEN', error: 'Email sudah terdaftar' });
  expect(row!.n).toBe(1);
});

it('the login limits count across instances (per account, and per address whatever X-Forwarded-For a client sends)', async () => {
  const email = `limit.${tag()}@scale.test`;
  expect(
    (await viaProxy('POST', '/api/auth/register', { body: { name: 'Karyawan Limit', email, position: 'Staf', password: 'rahasia123' } }))
      .status,
  ).toBe(201);
  const login = (address: string, password: string, forged?: string) =>
    viaProxy('POST', '/api/auth/login', { body: { email: address, password }, headers: forged ? { 'x-forwarded-for': forged } : {} });
  // Per (account, address): 5 wrong passwords are free, spread over the instances by nginx …
  const wrong: Answer[] = [];
  for (let i = 0; i < 5; i++) wrong.push(await login(email, 'salah-salah'));
  // … then the progressive delay refuses even the right one on every instance
  // (features/auth/server/login-guard.ts: GUESS_LIMITS.pairFree, addressCeiling).
  const refusedBy = new Map<number, Answer>();
  for (let i = 0; i < 9 && refusedBy.size < 3; i++) {
    const a = await login(email, 'rahasia123');
    refusedBy.set(servedBy(a), a);
  }
  // Per address: 45 more wrong guesses at other accounts, each claiming another address in
  // X-Forwarded-For (nginx replaces it with the address it saw), make 50 from 127.0.0.1 …
  const other = await inParallel(
    Array.from({ length: 45 }, (_, i) => i),
    4,
    (i) => login(`nobody${i}.${email}`, 'salah-salah', `10.0.${i}.1`),
  );
  // … and then a right password for an account with no failed guess is refused by every instance.
  const addressRefusedBy = new Map<number, Answer>();
  for (let i = 0; i < 9 && addressRefusedBy.size < 3; i++) {
    const a = await login('admin@absensi.local', PASSWORD, `10.1.${i}.1`);
    addressRefusedBy.set(servedBy(a), a);
  }
  const [counted] = await adminQuery<{ n: number; ips: string[] }>(
    `SELECT count(*)::int AS n, array_agg(DISTINCT ip) AS ips FROM "LoginAttempt" WHERE NOT success`,
    [],
    db(),
  );
  console.log(
    `[scale] login limits: 5 wrong passwords answered ${show(statuses(wrong))} by instance ${show(countBy(wrong.map(servedBy)))}; ` +
      `then the right password: ${[...refusedBy].map(([i, a]) => `instance ${i} ${a.status}`).join(', ')}; ` +
      `45 wrong guesses at other accounts with forged X-Forwarded-For: ${show(statuses(other))} by instance ${show(countBy(other.map(servedBy)))}; ` +
      `then the admin's right password: ${[...addressRefusedBy].map(([i, a]) => `instance ${i} ${a.status}`).join(', ')}; failed guesses stored ${counted!.n}, address(es) ${counted!.ips.join(', ')}`,
  );
  expect(wrong.map((a) => a.status)).toEqual(wrong.map(() => 401));
  expect(new Set(wrong.map(servedBy))).toEqual(new Set([1, 2, 3]));
  expect([...refusedBy.keys()].sort()).toEqual([1, 2, 3]);
  for (const a of refusedBy.values()) expect(a.body.code).toBe('RATE_LIMITED');
  expect(other.map((a) => a.status)).toEqual(other.map(() => 401));
  expect([...addressRefusedBy.keys()].sort()).toEqual([1, 2, 3]);
  for (const a of addressRefusedBy.values()) expect(a.body.code).toBe('RATE_LIMITED');
  expect(counted!.ips).toEqual(['127.0.0.1']);
  // The address is locked for 15 minutes: free it for the other cases.
  await adminQuery(`DELETE FROM "LoginAttempt"`, [], db());
});

it('every face re-check job runs exactly once across the instances’ workers', async () => {
  const N = 36;
  const crew = await checkInCrew(db(), N, tag());
  const logStart = cluster.servers.map((s) => s.logs.length);
  const answers = await inParallel(crew.tokens, 12, (token) => viaProxy('POST', '/api/attendance/check-in', { body: crew.body, token }));
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  const jobIds = (
    await adminQuery<{ id: string }>(
      `SELECT j.id::text FROM "FaceCheckJob" j JOIN "AttendancePhoto" p ON p.id = j."photoId" JOIN "Attendance" a ON a.id = p."attendanceId" WHERE a."userId" = ANY($1::uuid[])`,
      [crew.ids],
      db(),
    )
  ).map((r) => r.id);
  const started = Date.now();
  let open = N;
  while (open > 0 && Date.now() - started < 240_000) {
    await new Promise((r) => setTimeout(r, 1000));
    open = (
      await adminQuery<{ n: number }>(
        `SELECT count(*)::int AS n FROM "FaceCheckJob" WHERE id = ANY($1::bigint[]) AND status <> 'done'`,
        [jobIds],
        db(),
      )
    )[0]!.n;
  }
  const drainedMs = Date.now() - started;
  // Which instance ran which job: each worker logs one line per job.
  const ranBy = new Map<string, number[]>();
  cluster.servers.forEach((s, i) => {
    for (const m of s.logs
      .slice(logStart[i])
      .join('')
      .matchAll(/\[face-worker\] job (\d+) (\w+)/g))
      if (jobIds.includes(m[1]!)) ranBy.set(m[1]!, [...(ranBy.get(m[1]!) ?? []), i + 1]);
  });
  const [jobs] = await adminQuery<{ done: number; once: number; verified: number }>(
    `SELECT count(*) FILTER (WHERE j.status = 'done')::int AS done, count(*) FILTER (WHERE j.attempts = 1)::int AS once,
            count(*) FILTER (WHERE a."faceCheckStatus" = 'verified')::int AS verified
       FROM "FaceCheckJob" j JOIN "AttendancePhoto" p ON p.id = j."photoId" JOIN "Attendance" a ON a.id = p."attendanceId" WHERE j.id = ANY($1::bigint[])`,
    [jobIds],
    db(),
  );
  const perInstance = countBy([...ranBy.values()].flat());
  console.log(
    `[scale] face re-check: ${N} check-ins through nginx, ${jobIds.length} jobs, all done after ${drainedMs} ms; ran by instance ${show(perInstance)}; ` +
      `jobs run by two workers: ${[...ranBy.values()].filter((v) => v.length > 1).length}; claimed once (attempts = 1): ${jobs!.once}; done: ${jobs!.done}; records verified: ${jobs!.verified}`,
  );
  expect(jobIds).toHaveLength(N);
  expect(jobs).toEqual({ done: N, once: N, verified: N });
  expect(ranBy.size).toBe(N);
  expect([...ranBy.values()].every((v) => v.length === 1)).toBe(true);
  expect(perInstance.size).toBeGreaterThanOrEqual(2);
});

it('a change of settings made on one instance is used by the others at once (no cache: every request reads the row)', async () => {
  const crew = await checkInCrew(db(), 4, tag());
  const direct = (i: number, method: string, path: string, opts: Parameters<typeof send>[3] = {}) =>
    send(INSTANCE_PORTS[i - 1]!, method, path, opts);
  const original = (await direct(1, 'GET', '/api/settings/office-location', { token: adminToken })).body;
  const at = { latitude: crew.body.latitude, longitude: crew.body.longitude };
  // Instance 1 moves the office 5 km north; at once instances 2 and 3 refuse a check-in at the old place.
  const moved = await direct(1, 'PUT', '/api/settings/office-location', {
    token: adminToken,
    body: { ...original, latitude: original.latitude + 0.045 },
  });
  const movedAt = Date.now();
  const refused = await Promise.all(
    [2, 3].map((i, k) => direct(i, 'POST', '/api/attendance/check-in', { body: { ...crew.body, ...at }, token: crew.tokens[k] })),
  );
  // Instance 2 moves it back; at once instances 3 and 1 accept.
  const back = await direct(2, 'PUT', '/api/settings/office-location', { token: adminToken, body: original });
  const backAt = Date.now();
  const accepted = await Promise.all(
    [3, 1].map((i, k) => direct(i, 'POST', '/api/attendance/check-in', { body: crew.body, token: crew.tokens[k] })),
  );
  // General settings: instance 3 changes the company name and face threshold; 1 and 2 read them at once.
  const general = (await direct(3, 'GET', '/api/settings', { token: adminToken })).body;
  const changed = { companyName: `PT Skala ${tag()}`, workingHours: general.workingHours, faceMatchThreshold: 0.45 };
  expect((await direct(3, 'PUT', '/api/settings', { token: adminToken, body: changed })).status).toBe(200);
  const reads = await Promise.all([1, 2].map((i) => direct(i, 'GET', '/api/settings', { token: adminToken })));
  await direct(3, 'PUT', '/api/settings', {
    token: adminToken,
    body: { companyName: general.companyName, workingHours: general.workingHours, faceMatchThreshold: general.faceMatchThreshold },
  });
  console.log(
    `[scale] settings: office moved on instance 1, check-ins at the old place on instances 2 and 3 within ${Math.max(...refused.map((a) => a.startedAt + a.ms)) - movedAt} ms: ${refused.map((a) => `${a.status} ${a.body.code}`).join(', ')}; ` +
      `moved back on instance 2, check-ins on 3 and 1: ${accepted.map((a) => a.status).join(', ')} within ${Math.max(...accepted.map((a) => a.startedAt + a.ms)) - backAt} ms; ` +
      `company name and threshold changed on 3, read on 1 and 2 right after: ${reads.map((r) => `${r.body.companyName === changed.companyName && r.body.faceMatchThreshold === 0.45 ? 'new' : 'OLD'}`).join(', ')}`,
  );
  expect(moved.status).toBe(200);
  expect(back.status).toBe(200);
  for (const a of refused) expect(a.body.code).toBe('OUTSIDE_RADIUS');
  expect(accepted.map((a) => a.status)).toEqual([200, 200]);
  for (const r of reads) expect(r.body).toMatchObject({ companyName: changed.companyName, faceMatchThreshold: 0.45 });
});

it('offices, holidays and schedules changed on one instance are used by the others at once (no cache: every request reads the rows)', async () => {
  const crew = await checkInCrew(db(), 1, tag());
  const userId = crew.ids[0]!;
  const direct = (i: number, method: string, path: string, opts: Parameters<typeof send>[3] = {}) =>
    send(INSTANCE_PORTS[i - 1]!, method, path, { token: adminToken, ...opts });
  const dayOn = async (i: number, date: string) => {
    const a = await direct(i, 'GET', `/api/calendar/${userId}?startDate=${date}&endDate=${date}`);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    return a.body.days[0].status as string;
  };
  // A working day of the default schedule with no holiday, 20 to 60 days ahead (read on instance 1).
  const start = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const ahead = await direct(1, 'GET', `/api/calendar/${userId}?startDate=${start}&endDate=${end}`);
  const date = (ahead.body.days as { date: string; status: string }[]).find((d) => d.status === 'kerja')!.date;

  // Offices: instance 1 adds a WITA branch 50 km away; instance 2 allows the employee there; a check-in at
  // the branch on instance 3 is accepted at once and carries the branch's zone.
  const at = { latitude: (crew.body.latitude as number) + 0.45, longitude: crew.body.longitude as number };
  const office = await direct(1, 'POST', '/api/offices', {
    body: { name: `Cabang Skala ${tag()}`, address: 'Jl. Skala', ...at, radius: 200, timezone: 'Asia/Makassar' },
  });
  expect(office.status, JSON.stringify(office.body)).toBe(200);
  const listed = await direct(2, 'GET', '/api/offices');
  const [user] = await adminQuery<{ name: string; email: string }>(`SELECT name, email FROM "User" WHERE id = $1::uuid`, [userId], db());
  const allowed = await direct(2, 'PUT', `/api/users/${userId}`, {
    body: { name: user!.name, email: user!.email, position: 'Staf', role: 'employee', allowedOfficeIds: [office.body.office.id] },
  });
  const checkIn = await direct(3, 'POST', '/api/attendance/check-in', { token: crew.tokens[0], body: { ...crew.body, ...at } });
  const [record] = await adminQuery<{ officeId: string }>(
    `SELECT "officeId"::text AS "officeId" FROM "Attendance" WHERE "userId" = $1::uuid`,
    [userId],
    db(),
  );

  // Holidays: instance 1 makes the chosen day a company holiday; instances 2 and 3 see it at once; instance 2
  // deletes it; instances 3 and 1 see a working day again.
  const before = await dayOn(2, date);
  const holiday = await direct(1, 'POST', '/api/holidays', { body: { date, name: `Libur Skala ${tag()}`, kind: 'libur_perusahaan' } });
  expect(holiday.status, JSON.stringify(holiday.body)).toBe(200);
  const withHoliday = [await dayOn(2, date), await dayOn(3, date)];
  expect((await direct(2, 'DELETE', `/api/holidays/${holiday.body.holiday.id}`)).status).toBe(200);
  const withoutHoliday = [await dayOn(3, date), await dayOn(1, date)];

  // Schedules: instance 3 makes a schedule whose only working day is another weekday and assigns the employee from that
  // day; instances 1 and 2 see a rest day at once; instance 1 removes the assignment; 2 and 3 see work again.
  // (A schedule needs one working day: it works only on a weekday other than the chosen day's.)
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
  const workOn = weekday === 7 ? 1 : 7;
  const days = Array.from({ length: 7 }, (_, i) =>
    i + 1 === workOn ? { weekday: i + 1, start: '08:00', end: '16:00' } : { weekday: i + 1 },
  );
  const rest = await direct(3, 'POST', '/api/schedules', {
    body: { name: `Libur Skala ${tag()}`, breakMinutes: 0, lateToleranceMinutes: 0, days },
  });
  expect(rest.status, JSON.stringify(rest.body)).toBe(200);
  const assigned = await direct(3, 'POST', `/api/schedules/${rest.body.schedule.id}/assign`, {
    body: { userIds: [userId], startDate: date, endDate: date },
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  const withRest = [await dayOn(1, date), await dayOn(2, date)];
  expect((await direct(1, 'DELETE', `/api/schedules/assignments/${assigned.body.assignments[0].id}`)).status).toBe(200);
  const withoutRest = [await dayOn(2, date), await dayOn(3, date)];

  console.log(
    `[scale] offices: branch added on 1, listed on 2: ${listed.body.some((o: { id: string }) => o.id === office.body.office.id)}, employee allowed on 2: ${allowed.status}, ` +
      `check-in at the branch on 3: ${checkIn.status}; holiday on ${date}: before ${before}, added on 1 → 2, 3: ${withHoliday.join(', ')}, deleted on 2 → 3, 1: ${withoutHoliday.join(', ')}; ` +
      `rest-day schedule assigned on 3 → 1, 2: ${withRest.join(', ')}, removed on 1 → 2, 3: ${withoutRest.join(', ')}`,
  );
  expect(listed.body.some((o: { id: string }) => o.id === office.body.office.id)).toBe(true);
  expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
  expect(record!.officeId).toBe(office.body.office.id);
  expect(before).toBe('kerja');
  expect(withHoliday).toEqual(['libur_perusahaan', 'libur_perusahaan']);
  expect(withoutHoliday).toEqual(['kerja', 'kerja']);
  expect(withRest).toEqual(['istirahat', 'istirahat']);
  expect(withoutRest).toEqual(['kerja', 'kerja']);
});

it('a session made by one instance is accepted by all, and revoked on all', async () => {
  const email = `session.${tag()}@scale.test`;
  const reg = await send(INSTANCE_PORTS[0]!, 'POST', '/api/auth/register', {
    body: { name: 'Karyawan Sesi', email, position: 'Staf', password: 'rahasia123' },
  });
  expect(reg.status).toBe(201);
  const cookie = String((reg.headers?.['set-cookie'] as string[] | undefined)?.[0] ?? '').split(';')[0]!;
  const me = (port: number, auth: { token?: string; cookie?: string }) =>
    send(port, 'GET', '/api/auth/me', { token: auth.token, headers: auth.cookie ? { cookie: auth.cookie } : {} }).then((a) => a.status);
  const everywhere = (auth: { token?: string; cookie?: string }) => Promise.all(INSTANCE_PORTS.map((p) => me(p, auth)));
  const before = { bearer: await everywhere({ token: reg.body.token }), cookie: await everywhere({ cookie }) };
  // A password change on instance 2 ends every older session, on every instance at once.
  const changed = await send(INSTANCE_PORTS[1]!, 'PUT', '/api/users/profile/change-password', {
    token: reg.body.token,
    body: { currentPassword: 'rahasia123', newPassword: 'rahasia456' },
  });
  expect(changed.status).toBe(200);
  const after = {
    bearer: await everywhere({ token: reg.body.token }),
    cookie: await everywhere({ cookie }),
    fresh: await everywhere({ token: changed.body.token }),
  };
  console.log(
    `[scale] sessions: made on instance 1, answered on instances 1/2/3: Bearer ${before.bearer.join('/')}, cookie ${before.cookie.join('/')}; ` +
      `after a password change on instance 2: old Bearer ${after.bearer.join('/')}, old cookie ${after.cookie.join('/')}, new token ${after.fresh.join('/')}`,
  );
  expect(cookie).toMatch(/^absensi\.session-token=/);
  expect(before).toEqual({ bearer: [200, 200, 200], cookie: [200, 200, 200] });
  expect(after).toEqual({ bearer: [401, 401, 401], cookie: [401, 401, 401], fresh: [200, 200, 200] });
});

/**
 * The office-days each instance's close worker logged since it started (lib/server/jobs/daily-close-worker.ts:
 * `[daily-close] closed N office-day(s): office <id> <date> (<rows>), …; office <id> …`), as `<office>|<date>`.
 * The output is read whole and split into lines: a chunk of a pipe may hold several lines or part of one.
 */
function closesLogged(logs: string[], from = 0): string[] {
  const out: string[] = [];
  for (const line of logs.slice(from).join('').split('\n')) {
    const at = line.indexOf('[daily-close] closed ');
    if (at < 0) continue;
    for (const part of line.slice(line.indexOf(': ', at) + 2).split('; ')) {
      const m = /^office (\S+) (.*)$/.exec(part.trim());
      if (!m) throw new Error(`unexpected close line: ${line}`);
      for (const d of m[2]!.matchAll(/(\d{4}-\d{2}-\d{2}) \(\d+\)/g)) out.push(`${m[1]}|${d[1]}`);
    }
  }
  return out;
}

it('the daily close runs exactly once per office-day across the three instances (docs/daily-close.md)', async () => {
  // Every instance runs the close worker (DAILY_CLOSE_WORKER=on, a round a minute) and closed the past days
  // at start. Forget the close of the day before yesterday in the main office, then let the three race for it.
  const [main] = await adminQuery<{ id: string; date: string }>(
    `SELECT o.id::text AS id, ((now() AT TIME ZONE o.timezone)::date - 2)::text AS date FROM "Settings" s JOIN "Office" o ON o.id = s."mainOfficeId"`,
    [],
    db(),
  );
  const { id: officeId, date } = main!;
  const forgotten = `${officeId}|${date}`;
  const [before] = await adminQuery<{ rows: number; closedAt: string }>(
    `SELECT c."closedAt"::text AS "closedAt", (SELECT count(*)::int FROM "AttendanceDay" d WHERE d."officeId" = c."officeId" AND d.date = c.date) AS rows
       FROM "DayClose" c WHERE c."officeId" = $1::uuid AND c.date = $2::date`,
    [officeId, date],
    db(),
  );
  await adminQuery(`DELETE FROM "AttendanceDay" WHERE "officeId" = $1::uuid AND date = $2::date`, [officeId, date], db());
  await adminQuery(`DELETE FROM "DayClose" WHERE "officeId" = $1::uuid AND date = $2::date`, [officeId, date], db());
  const logsBefore = cluster.servers.map((s) => s.logs.length);
  const started = Date.now();
  const deadline = started + 150_000;
  let closes = 0;
  while (Date.now() < deadline && closes === 0) {
    await new Promise((r) => setTimeout(r, 2_000));
    closes = (
      await adminQuery<{ n: number }>(
        `SELECT count(*)::int AS n FROM "DayClose" WHERE "officeId" = $1::uuid AND date = $2::date`,
        [officeId, date],
        db(),
      )
    )[0]!.n;
  }
  const closedAfterMs = Date.now() - started;
  // A full round more, so that every instance has looked at the day at least once after it was closed.
  await new Promise((r) => setTimeout(r, 65_000));
  const [close] = await adminQuery<{ days: number; closedAt: string }>(
    `SELECT days, "closedAt"::text AS "closedAt" FROM "DayClose" WHERE "officeId" = $1::uuid AND date = $2::date`,
    [officeId, date],
    db(),
  );
  const [rows] = await adminQuery<{ n: number; users: number; stamps: number; stamp: string | null }>(
    `SELECT count(*)::int AS n, count(DISTINCT "userId")::int AS users, count(DISTINCT "classifiedAt")::int AS stamps, min("classifiedAt")::text AS stamp
       FROM "AttendanceDay" WHERE "officeId" = $1::uuid AND date = $2::date`,
    [officeId, date],
    db(),
  );
  // The whole database: every closed office-day has one claim, every employee-day one row, and every row
  // carries the time of the claim of its office-day (so the close that claimed the day wrote it; nothing in
  // this file re-classifies a closed day).
  const [all] = await adminQuery<{
    claims: number;
    offices: number;
    rows: number;
    doubleClaims: number;
    doubleRows: number;
    foreign: number;
  }>(
    `SELECT (SELECT count(*)::int FROM "DayClose") AS claims, (SELECT count(DISTINCT "officeId")::int FROM "DayClose") AS offices,
            (SELECT count(*)::int FROM "AttendanceDay") AS rows,
            (SELECT count(*)::int FROM (SELECT 1 FROM "DayClose" GROUP BY "officeId", date HAVING count(*) > 1) x) AS "doubleClaims",
            (SELECT count(*)::int FROM (SELECT 1 FROM "AttendanceDay" GROUP BY "userId", date HAVING count(*) > 1) x) AS "doubleRows",
            (SELECT count(*)::int FROM "AttendanceDay" d LEFT JOIN "DayClose" c ON c."officeId" = d."officeId" AND c.date = d.date
              WHERE c."closedAt" IS DISTINCT FROM d."classifiedAt") AS foreign`,
    [],
    db(),
  );
  const claimed = (await adminQuery<{ key: string }>(`SELECT "officeId"::text || '|' || date::text AS key FROM "DayClose"`, [], db())).map(
    (r) => r.key,
  );
  // The log lines. Since the forgetting: the forgotten office-day by exactly one instance (other office-days
  // may appear too, e.g. the catch-up of the branch an earlier case added, which closes the same date in
  // another office: a different office-day). Since the start: every claim in the database by exactly one
  // instance, the forgotten office-day twice (its first close at start, then its second after the deletion).
  const windowLogged = cluster.servers.map((s, i) => closesLogged(s.logs, logsBefore[i]));
  const forgottenBy = windowLogged.map((keys) => keys.filter((k) => k === forgotten).length);
  const runLogged = cluster.servers.map((s) => closesLogged(s.logs));
  const timesLogged = countBy(runLogged.flat());
  const loggedTwice = [...timesLogged].filter(([k, n]) => n > 1 && k !== forgotten);
  const notLogged = claimed.filter((k) => !timesLogged.has(k));
  const loggedNotClaimed = [...timesLogged.keys()].filter((k) => !claimed.includes(k));
  console.log(
    `[scale] daily close of ${date} (main office): before ${before?.rows} rows closed at ${before?.closedAt}; forgotten, closed again after ${closedAfterMs} ms: ` +
      `claims ${closes}, rows ${rows!.n} for ${rows!.users} employees (${close?.days} counted), ${rows!.stamps} stamp(s): rows ${rows!.stamp} / claim ${close?.closedAt}; ` +
      `its close lines by instance ${forgottenBy.join('/')}; all office-days logged since the deletion by instance ${windowLogged.map((k) => k.length).join('/')}; ` +
      `whole run: ${all!.claims} claims over ${all!.offices} offices, ${all!.rows} rows, ${all!.doubleClaims} office-days claimed twice, ${all!.doubleRows} employee-days written twice, ` +
      `${all!.foreign} rows not stamped by their claim; office-days logged by instance ${runLogged.map((k) => k.length).join('/')} (sum ${runLogged.flat().length} = ${claimed.length} claims + 1 re-close), ` +
      `logged twice ${loggedTwice.length}, claimed but not logged ${notLogged.length}, logged but not claimed ${loggedNotClaimed.length}`,
  );
  expect(closes).toBe(1);
  expect(rows!.n).toBeGreaterThan(0);
  expect(rows!.n).toBe(close!.days);
  expect(rows!.users).toBe(rows!.n);
  expect(rows!.n).toBe(before!.rows);
  // Written once, by the claim's own transaction: every row carries the claim's stamp.
  expect(rows!.stamps).toBe(1);
  expect(rows!.stamp).toBe(close!.closedAt);
  expect(forgottenBy.reduce((a, b) => a + b, 0)).toBe(1);
  expect(all).toMatchObject({ doubleClaims: 0, doubleRows: 0, foreign: 0 });
  expect(timesLogged.get(forgotten)).toBe(2);
  expect(loggedTwice).toEqual([]);
  expect(notLogged).toEqual([]);
  expect(loggedNotClaimed).toEqual([]);
  expect(runLogged.flat().length).toBe(claimed.length + 1);
}, 300_000);
