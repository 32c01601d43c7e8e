// Reminders at scale (docs/notifications.md). Run:
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/reminders.ts
// - Its own database (absensi_bench_reminders, BENCH_DB to rename; dropped and created again) with
//   BENCH_EMPLOYEES employees (default 10,000) in three offices (Jakarta WIB, Makassar WITA, Jayapura WIT),
//   the default Monday–Friday 08:00–17:00 week.
// - Planning: planReminders() for one Monday, as the 5-minute planner does, timed (target < 30 s), then
//   again (already planned: nothing written).
// - Delivery beside check-ins: BENCH_DUE (default 2,000) check-in reminders made due, each with an
//   e-mail, delivered by the job worker (as every server process runs it) to an SMTP server in this process.
//   Meanwhile BENCH_PUNCHES (default 1,000) employees of the Jakarta office check in through the real route
//   handlers, 16 at a time, as the browser does: the one-time challenge, then POST /api/attendance/check-in
//   with the photo, the face descriptor and the liveness answer (the face check, the anti-fraud checks, the
//   record, photo and re-check job). Another BENCH_PUNCHES employees check in the same way with no worker
//   running, in four alternating rounds: p50/p95 side by side, with the machine's load average and what
//   the worker got done meanwhile. What the HTTP server adds on top is
//   bench/checkin.bench.ts's subject.
// Run it alone: it measures the machine as much as the code.
import { loadavg } from 'node:os';
import jpeg from 'jpeg-js';
import pg from 'pg';
import { benchDatabaseUrl, freshMigratedDatabase } from './bench-db';
import { TestSmtp } from '../tests/transports';

process.env.BENCH_DB ||= 'absensi_bench_reminders';
const { url, serverUrl, name } = benchDatabaseUrl();
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES || 10_000);
const DUE = Number(process.env.BENCH_DUE || 2000);
const PUNCHES = Number(process.env.BENCH_PUNCHES || 1000);
const CONCURRENCY = 16;
const ROUNDS = 4;
const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
// A photo the decoder accepts and a descriptor every employee is enrolled with (as tests/integration/attendance.test.ts).
const PHOTO = `data:image/jpeg;base64,${jpeg.encode({ data: Buffer.alloc(32 * 32 * 4, 0x80), width: 32, height: 32 }, 80).data.toString('base64')}`;
const DESCRIPTOR = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const DAY = '2027-02-01'; // a Monday without a national holiday

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function setup() {
  await freshMigratedDatabase(url, serverUrl, name);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(
    `UPDATE "Office" SET timezone = 'Asia/Jakarta', latitude = $1, longitude = $2, radius = 100 WHERE id = (SELECT "mainOfficeId" FROM "Settings" WHERE id = 1)`,
    [OFFICE.latitude, OFFICE.longitude],
  );
  await c.query(`INSERT INTO "Office" (id, name, latitude, longitude, radius, timezone, "updatedAt") VALUES
    (gen_random_uuid(), 'Cabang Makassar', -5.14, 119.42, 150, 'Asia/Makassar', now()),
    (gen_random_uuid(), 'Cabang Jayapura', -2.53, 140.72, 150, 'Asia/Jayapura', now())`);
  await c.query(`DELETE FROM "Holiday" WHERE date = $1::date`, [DAY]);
  await c.query(
    `INSERT INTO "User" (id, name, email, position, role, "passwordHash", "createdAt", "updatedAt", "joinDate", "homeOfficeId")
     SELECT gen_random_uuid(), 'Karyawan ' || i, 'karyawan' || i || '@bench.local', 'Staf', 'employee', 'x', '2025-01-01', now(), '2025-01-01',
            (SELECT id FROM "Office" ORDER BY name OFFSET (i % 3) LIMIT 1)
     FROM generate_series(1, $1::int) i`,
    [EMPLOYEES],
  );
  await c.query(
    `INSERT INTO "FaceProfile" ("userId", descriptor, status, "updatedAt") SELECT id, $1::float8[], 'active', now() FROM "User"`,
    [DESCRIPTOR],
  );
  const offices = await c.query(
    `SELECT o.timezone, count(u.id)::int AS n FROM "Office" o JOIN "User" u ON u."homeOfficeId" = o.id GROUP BY 1 ORDER BY 1`,
  );
  console.log(`  ${EMPLOYEES} employees: ${offices.rows.map((r) => `${r.timezone} ${r.n}`).join(', ')}`);
  await c.end();
}

async function main() {
  console.log(`Reminders benchmark on ${name}`);
  await setup();
  const smtp = new TestSmtp();
  await smtp.start();
  process.env.DATABASE_URL = url;
  process.env.SMTP_URL = smtp.url;
  process.env.JOB_WORKER = 'off';
  const { db, disconnectDb } = await import('@/lib/server/db');
  await import('@/lib/server/jobs/handlers');
  const { runDueJobs } = await import('@/lib/server/jobs/queue');
  const { planReminders } = await import('@/features/notifications/server/notification-reminders');
  const { startJobWorker } = await import('@/lib/server/jobs/job-worker');
  const { closeMail } = await import('@/features/notifications/server/transport-mail');

  const now = new Date(`${DAY}T00:00:00+07:00`);
  let t = performance.now();
  const planned = await planReminders({ from: DAY, to: DAY, now });
  const planMs = performance.now() - t;
  t = performance.now();
  const again = await planReminders({ from: DAY, to: DAY, now });
  const againMs = performance.now() - t;
  console.log(
    `Planning ${DAY}: ${planned.checkIn} check-in + ${planned.checkOut} check-out reminders queued in ${(planMs / 1000).toFixed(2)} s (target < 30 s)`,
  );
  console.log(`  planned again: ${again.checkIn + again.checkOut} new jobs in ${(againMs / 1000).toFixed(2)} s`);

  // One morning: the first DUE check-in reminders are due now; the worker turns each into a notification and its e-mail.
  await db.$executeRaw`UPDATE "Job" SET "runAt" = now() WHERE id IN (SELECT id FROM "Job" WHERE kind = 'reminder.checkin' ORDER BY "runAt", id LIMIT ${DUE})`;
  const { punchCall } = await import('../tests/helpers');
  const { signToken } = await import('@/lib/server/auth/token');
  const { POST: checkInRoute } = await import('@/app/api/attendance/check-in/route');
  const people = await db.$queryRaw<{ id: string; tokenVersion: number }[]>`
    SELECT u.id::text AS id, u."tokenVersion" FROM "User" u JOIN "Settings" s ON s.id = 1 AND u."homeOfficeId" = s."mainOfficeId"
    ORDER BY u.email LIMIT ${PUNCHES * 2 + CONCURRENCY}`;
  if (people.length < PUNCHES * 2 + CONCURRENCY)
    throw new Error(`Only ${people.length} employees in the Jakarta office: lower BENCH_PUNCHES`);

  /** Each person checks in once, CONCURRENCY at a time; returns each check-in's time (challenge + check-in) in ms. */
  async function checkIns(who: typeof people): Promise<number[]> {
    const times: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < who.length) {
          const p = who[next++]!;
          const token = signToken({ sub: p.id, role: 'employee', tv: p.tokenVersion });
          const body = {
            userId: p.id,
            ...OFFICE,
            accuracy: 12,
            timestamp: new Date().toISOString(),
            faceImage: PHOTO,
            faceDescriptor: DESCRIPTOR,
          };
          const s = performance.now();
          const res = await punchCall(checkInRoute, 'check-in', { token, body: { ...body, verificationMethod: 'face' } });
          times.push(performance.now() - s);
          if (res.status !== 201 && res.status !== 200) throw new Error(`check-in answered ${res.status}: ${JSON.stringify(res.body)}`);
        }
      }),
    );
    return times;
  }

  // Warm-up (module loading, the pool, the first plans): not counted.
  await checkIns(people.slice(PUNCHES * 2));
  // BENCH_SENDING=1: the reminders are turned into notifications first (untimed), so the worker beside the
  // check-ins is sending e-mails; by default it starts from the reminders themselves (the database writes).
  if (process.env.BENCH_SENDING === '1')
    while ((await runDueJobs({ kinds: ['reminder.checkin'], limit: 200 })).claimed > 0) {
      /* until every due reminder is a notification with its delivery job */
    }
  // Rounds alternate without and with the worker, so load from elsewhere on the machine hits both alike.
  const quiet: number[] = [];
  const busy: number[] = [];
  const spent = { quiet: 0, busy: 0 };
  const loads: string[] = [];
  const doneDuring = { reminders: 0, mails: 0 };
  const kindsDone = async () => {
    const rows = await db.$queryRaw<{ kind: string; n: number }[]>`
      SELECT kind, count(*)::int AS n FROM "Job" WHERE "doneAt" IS NOT NULL AND kind IN ('reminder.checkin', 'notification.deliver') GROUP BY kind`;
    return Object.fromEntries(rows.map((r) => [r.kind, r.n])) as Record<string, number | undefined>;
  };
  const per = Math.floor(PUNCHES / ROUNDS);
  const t0 = performance.now();
  for (let r = 0; r < ROUNDS; r++) {
    loads.push(load());
    let t = performance.now();
    quiet.push(...(await checkIns(people.slice(r * per, (r + 1) * per))));
    spent.quiet += performance.now() - t;
    const before = await kindsDone();
    const worker = startJobWorker({ pollMs: 200, log: false });
    t = performance.now();
    busy.push(...(await checkIns(people.slice(PUNCHES + r * per, PUNCHES + (r + 1) * per))));
    spent.busy += performance.now() - t;
    await worker.stop();
    const after = await kindsDone();
    doneDuring.reminders += (after['reminder.checkin'] ?? 0) - (before['reminder.checkin'] ?? 0);
    doneDuring.mails += (after['notification.deliver'] ?? 0) - (before['notification.deliver'] ?? 0);
  }
  loads.push(load());
  // Then the worker finishes the morning's queue at the transport's pace.
  const worker = startJobWorker({ pollMs: 200, log: false });
  for (;;) {
    const [row] = await db.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM "Job" WHERE "doneAt" IS NULL AND "failedAt" IS NULL AND "runAt" <= now() AND kind IN ('reminder.checkin', 'notification.deliver')`;
    if (!row?.n) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const deliverMs = performance.now() - t0;
  await worker.stop();
  const sent = await db.notificationDelivery.count({ where: { status: 'sent' } });
  console.log(
    `Delivery: ${DUE} reminders → ${sent} e-mails sent, all done ${(deliverMs / 1000).toFixed(1)} s after the first round began; SMTP received ${smtp.mails.length}`,
  );
  console.log(
    `  while the check-ins with the worker ran (${(spent.busy / 1000).toFixed(1)} s): ${doneDuring.reminders} reminders turned into notifications, ${doneDuring.mails} e-mails sent`,
  );
  const row = (label: string, xs: number[], ms: number) =>
    console.log(
      `  ${label} p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${pct(xs, 100).toFixed(1)} ms; ${(xs.length / (ms / 1000)).toFixed(1)} check-ins/s`,
    );
  console.log(`Check-in (challenge + POST /api/attendance/check-in, ${CONCURRENCY} at a time), ${ROUNDS} alternating rounds of ${per}:`);
  row('without the worker:', quiet, spent.quiet);
  row('with the worker:   ', busy, spent.busy);
  console.log(`  load average (1 / 5 / 15 min) before each round and at the end: ${loads.join(' | ')}`);
  closeMail();
  await smtp.stop();
  await disconnectDb();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
