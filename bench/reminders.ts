// Reminders at scale (docs/notifications.md). Run:
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/reminders.ts
// - Its own database (absensi_bench_reminders, BENCH_DB to rename; dropped and created again) with
//   BENCH_EMPLOYEES employees (default 10,000) in three offices (Jakarta WIB, Makassar WITA, Jayapura WIT),
//   the default Monday–Friday 08:00–17:00 week.
// - Planning: planReminders() for one Monday, as the 5-minute planner does, timed (target < 30 s), then
//   again (already planned: nothing written).
// - Delivery: BENCH_DUE (default 2,000) check-in reminders made due, each with an e-mail, delivered by the
//   job worker to an SMTP server in this process; meanwhile BENCH_PUNCHES (default 2,000) punch writes
//   (the check-in's Attendance insert in a transaction, 16 at a time) are timed, and the same punches are
//   timed again without the worker: p50/p95 side by side. The HTTP check-in with its face check is
//   bench/checkin.bench.ts; this isolates what the worker adds on the database.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { benchDatabaseUrl, freshMigratedDatabase } from './bench-db';
import { TestSmtp } from '../tests/transports';

process.env.BENCH_DB ||= 'absensi_bench_reminders';
const { url, serverUrl, name } = benchDatabaseUrl();
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES || 10_000);
const DUE = Number(process.env.BENCH_DUE || 2000);
const PUNCHES = Number(process.env.BENCH_PUNCHES || 2000);
const DAY = '2027-02-01'; // a Monday without a national holiday

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function setup() {
  await freshMigratedDatabase(url, serverUrl, name);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`UPDATE "Office" SET timezone = 'Asia/Jakarta' WHERE id = (SELECT "mainOfficeId" FROM "Settings" WHERE id = 1)`);
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
  const users = (await db.user.findMany({ select: { id: true }, take: PUNCHES * 2 })).map((u) => u.id);

  async function punches(ids: string[], date: string): Promise<number[]> {
    const times: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < ids.length) {
          const id = ids[next++]!;
          const s = performance.now();
          await db.$transaction(async (tx) => {
            await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${id}))`;
            await tx.$executeRaw`INSERT INTO "Attendance" (id, "userId", "workDate", "checkInAt", "checkInLatitude", "checkInLongitude", "checkInDistance", "updatedAt")
              VALUES (${randomUUID()}::uuid, ${id}::uuid, ${date}::date, now(), -6.2, 106.8, 5, now()) ON CONFLICT DO NOTHING`;
          });
          times.push(performance.now() - s);
        }
      }),
    );
    return times;
  }

  const quiet = await punches(users.slice(0, PUNCHES), '2027-02-02');
  const rounds: number[] = [];
  const worker = startJobWorker({ pollMs: 200, log: false, onRound: (r) => rounds.push(r.done) });
  t = performance.now();
  const busy = await punches(users.slice(PUNCHES, PUNCHES * 2), '2027-02-03');
  const punchMs = performance.now() - t;
  // Let the worker finish the morning's queue.
  for (;;) {
    const [row] = await db.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM "Job" WHERE "doneAt" IS NULL AND "failedAt" IS NULL AND "runAt" <= now() AND kind IN ('reminder.checkin', 'notification.deliver')`;
    if (!row?.n) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const deliverMs = performance.now() - t;
  await worker.stop();
  const sent = await db.notificationDelivery.count({ where: { status: 'sent' } });
  console.log(
    `Delivery: ${DUE} reminders → ${sent} e-mails sent in ${(deliverMs / 1000).toFixed(1)} s (${(sent / (deliverMs / 1000)).toFixed(0)}/s), SMTP received ${smtp.mails.length}`,
  );
  console.log(`Punch write (16 at a time), ${PUNCHES} each:`);
  console.log(`  without the worker: p50 ${pct(quiet, 50).toFixed(1)} ms, p95 ${pct(quiet, 95).toFixed(1)} ms`);
  console.log(
    `  with the worker:    p50 ${pct(busy, 50).toFixed(1)} ms, p95 ${pct(busy, 95).toFixed(1)} ms (punches took ${(punchMs / 1000).toFixed(1)} s)`,
  );
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
