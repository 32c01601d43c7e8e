// Reminders (docs/notifications.md), worked by hand on Monday 1 February 2027 at an office in Makassar
// (WITA, UTC+8), default week Monday–Friday 08:00–17:00, check-in reminder 15 minutes after the start,
// check-out 60 minutes after the end: the check-in job is due at 08:15 WITA = 00:15 UTC, the check-out
// job at 18:00 WITA = 10:00 UTC. Planned once per (kind, person, day) however often the planner runs; at
// its moment a reminder goes only to whoever still needs it.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { runDueJobs } from '@/lib/server/jobs/queue';
import '@/lib/server/jobs/handlers';
import { planReminders } from '@/features/notifications/server/notification-reminders';
import { clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

const DAY = '2027-02-01';
const NOW = new Date('2027-02-01T00:00:00Z');
type Made = Awaited<ReturnType<typeof createUser>>;
let absent: Made, onLeave: Made, present: Made, gone: Made, admin: Made;

const jobsOf = (kind: string, userId: string) =>
  db.$queryRaw<
    { key: string; runAt: Date }[]
  >`SELECT "key", "runAt" FROM "Job" WHERE "kind" = ${kind} AND "payload"->>'userId' = ${userId} AND "payload"->>'date' = ${DAY}`;

beforeAll(async () => {
  await clearHolidays();
  await configureMainOffice({ timezone: 'Asia/Makassar' });
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  [absent, onLeave, present, gone, admin] = await Promise.all([
    createUser({ name: 'Absen' }),
    createUser({ name: 'Cuti' }),
    createUser({ name: 'Hadir' }),
    createUser({ name: 'Keluar' }),
    createUser({ role: 'admin' }),
  ]);
  for (const u of [absent, onLeave, present, gone])
    await db.user.update({ where: { id: u.user.id }, data: { joinDate: new Date('2027-01-01') } });
  await db.user.update({
    where: { id: gone.user.id },
    data: { deactivatedAt: new Date('2027-01-20T00:00:00Z'), endDate: new Date('2027-01-20') },
  });
  await db.leaveRequest.create({
    data: {
      userId: onLeave.user.id,
      type: 'cuti',
      startDate: new Date('2027-02-01'),
      endDate: new Date('2027-02-03'),
      reason: 'Menikah',
      status: 'approved',
    },
  });
  await db.attendance.create({
    data: {
      userId: present.user.id,
      workDate: new Date('2027-02-01'),
      checkInAt: new Date('2027-02-01T00:05:00Z'),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 0,
    },
  });
});

describe('planned reminders', () => {
  it('one job per kind, person and working day, due in the office zone; a second plan adds none', async () => {
    await planReminders({ from: DAY, to: DAY, now: NOW });
    const checkIn = await jobsOf('reminder.checkin', absent.user.id);
    expect(checkIn.map((j) => [j.key, j.runAt.toISOString()])).toEqual([
      [`reminder.checkin:${absent.user.id}:${DAY}`, '2027-02-01T00:15:00.000Z'],
    ]);
    const checkOut = await jobsOf('reminder.checkout', absent.user.id);
    expect(checkOut.map((j) => j.runAt.toISOString())).toEqual(['2027-02-01T10:00:00.000Z']);
    // Not on the payroll (the admin's account) or no longer employed: nothing planned.
    expect(await jobsOf('reminder.checkin', admin.user.id)).toEqual([]);
    expect(await jobsOf('reminder.checkin', gone.user.id)).toEqual([]);
    expect(await planReminders({ from: DAY, to: DAY, now: NOW })).toEqual({ checkIn: 0, checkOut: 0 });
    // Saturday is a rest day of the default week: nothing planned.
    await planReminders({ from: '2027-02-06', to: '2027-02-06', now: NOW });
    expect(await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Job" WHERE "payload"->>'date' = '2027-02-06'`).toEqual([
      { n: 0 },
    ]);
  });

  it('a reminder whose moment passed more than 10 minutes ago is not planned', async () => {
    const late = new Date('2027-02-01T00:30:00Z');
    await db.$executeRaw`DELETE FROM "Job" WHERE "payload"->>'date' = ${DAY}`;
    const planned = await planReminders({ from: DAY, to: DAY, now: late });
    expect(planned.checkIn).toBe(0);
    expect(planned.checkOut).toBeGreaterThanOrEqual(3);
    await db.$executeRaw`DELETE FROM "Job" WHERE "payload"->>'date' = ${DAY}`;
    await planReminders({ from: DAY, to: DAY, now: NOW });
  });

  it('at its moment: the absent employee is told to check in; on leave or checked in, nothing', async () => {
    await db.$executeRaw`UPDATE "Job" SET "runAt" = now() - interval '1 second' WHERE "kind" IN ('reminder.checkin', 'reminder.checkout')`;
    await runDueJobs({ kinds: ['reminder.checkin', 'reminder.checkout'], limit: 100 });
    const inbox = async (u: Made) =>
      (await db.notification.findMany({ where: { userId: u.user.id }, orderBy: { kind: 'asc' } })).map((n) => [n.kind, n.title, n.body]);
    expect(await inbox(absent)).toEqual([
      ['reminder.checkin', 'Anda belum check-in', 'Shift Anda hari ini dimulai pukul 08:00. Jangan lupa check-in.'],
    ]);
    expect(await inbox(onLeave)).toEqual([]);
    // Checked in at 08:05 WITA and not out: only the check-out reminder.
    expect(await inbox(present)).toEqual([
      ['reminder.checkout', 'Anda belum check-out', 'Shift Anda hari ini berakhir pukul 17:00. Jangan lupa check-out.'],
    ]);
    // The job run again (a crashed worker's lease): the key keeps it to one.
    await db.$executeRaw`UPDATE "Job" SET "doneAt" = NULL, "runAt" = now() - interval '1 second' WHERE "kind" = 'reminder.checkin'`;
    await runDueJobs({ kinds: ['reminder.checkin'], limit: 100 });
    expect(await db.notification.count({ where: { userId: absent.user.id } })).toBe(1);
  });
});
