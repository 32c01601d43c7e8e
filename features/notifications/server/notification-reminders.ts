// Reminders (docs/notifications.md): planned as jobs keyed (person, day, kind), so each is sent once
// across instances and restarts. planReminders() writes, in one statement per kind, a job for every
// working day (the calendar's 'kerja': not a holiday, rest day, before joining or after leaving) of every
// payroll member around now, due N minutes after the shift's start (check-in) or end (check-out) in the
// office's time zone and the person's own schedule and roster. When the job is due it looks at the
// facts of that moment: checked in already, on approved leave, deactivated, or the reminder switched
// off since → nothing is sent.
import { db } from '@/lib/server/db';
import { dateKeyInZone, formatTime } from '@/lib/dates';
import { notify } from '@/features/notifications/server/notify';
import { notificationSettings } from '@/features/notifications/server/notification-channels';

export const CHECKIN_JOB = 'reminder.checkin';
export const CHECKOUT_JOB = 'reminder.checkout';
/** A reminder whose moment passed more than this long ago (the app was down) is not planned any more. */
const STALE_MINUTES = 10;

type Reminder = { userId: string; date: string; at: string; timezone: string };

/**
 * Plans the reminders of the calendar days from `from` to `to` (default: yesterday to tomorrow in UTC,
 * which covers today in every zone). Returns how many jobs were written (those already planned are not).
 */
export async function planReminders(opts: { from?: string; to?: string; now?: Date } = {}): Promise<{ checkIn: number; checkOut: number }> {
  const s = await notificationSettings();
  const now = opts.now ?? new Date();
  const today = dateKeyInZone(now, 'UTC');
  const from = opts.from ?? addUtcDays(today, -1);
  const to = opts.to ?? addUtcDays(today, 1);
  const plan = (kind: string, minutes: number, end: boolean) => db.$executeRaw`
    INSERT INTO "Job" ("id", "kind", "key", "payload", "runAt", "maxAttempts")
    SELECT gen_random_uuid(), ${kind}, ${kind} || ':' || c."userId"::text || ':' || c."date"::text,
           jsonb_build_object('userId', c."userId"::text, 'date', c."date"::text, 'at', c.at, 'timezone', c.timezone),
           c.due, 3
    FROM (
      SELECT c."userId", c."date", c.timezone, CASE WHEN ${end} THEN c."shiftEnd" ELSE c."shiftStart" END AS at,
             ((c."date" + CASE WHEN ${end} AND c."shiftEnd"::time <= c."shiftStart"::time THEN 1 ELSE 0 END
                       + (CASE WHEN ${end} THEN c."shiftEnd" ELSE c."shiftStart" END)::time) AT TIME ZONE c.timezone)
               + ${minutes} * interval '1 minute' AS due
      FROM absensi_calendar(${from}::date, ${to}::date, NULL) c
      JOIN "User" u ON u.id = c."userId"
      WHERE c.status = 'kerja' AND c."shiftStart" IS NOT NULL AND c."shiftEnd" IS NOT NULL
        AND u."deactivatedAt" IS NULL AND NOT u."pendingApproval" AND u."onPayroll"
    ) c
    WHERE c.due > ${now}::timestamptz - ${STALE_MINUTES} * interval '1 minute'
    ON CONFLICT ("key") DO NOTHING`;
  const checkIn = s.checkInReminder ? await plan(CHECKIN_JOB, s.checkInReminderMinutes, false) : 0;
  const checkOut = s.checkOutReminder ? await plan(CHECKOUT_JOB, s.checkOutReminderMinutes, true) : 0;
  return { checkIn, checkOut };
}

function addUtcDays(key: string, days: number): string {
  const d = new Date(`${key}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whether the person is away on approved leave (or izin/sakit) that day. */
async function onLeave(userId: string, date: string): Promise<boolean> {
  const day = new Date(`${date}T00:00:00Z`);
  const n = await db.leaveRequest.count({
    where: { userId, status: 'approved', startDate: { lte: day }, endDate: { gte: day }, hours: null },
  });
  return n > 0;
}

async function active(userId: string): Promise<boolean> {
  const u = await db.user.findUnique({ where: { id: userId }, select: { deactivatedAt: true, pendingApproval: true } });
  return !!u && !u.deactivatedAt && !u.pendingApproval;
}

export async function remindCheckIn(p: Reminder): Promise<void> {
  const s = await notificationSettings();
  if (!s.checkInReminder || !(await active(p.userId))) return;
  const record = await db.attendance.findFirst({
    where: { userId: p.userId, workDate: new Date(`${p.date}T00:00:00Z`) },
    select: { id: true },
  });
  if (record || (await onLeave(p.userId, p.date))) return;
  await db.$transaction((tx) =>
    notify(tx, { to: p.userId, kind: 'reminder.checkin', facts: { shiftStart: p.at }, key: `reminder.checkin:${p.date}` }),
  );
}

export async function remindCheckOut(p: Reminder): Promise<void> {
  const s = await notificationSettings();
  if (!s.checkOutReminder || !(await active(p.userId))) return;
  const record = await db.attendance.findFirst({
    where: { userId: p.userId, workDate: new Date(`${p.date}T00:00:00Z`) },
    select: { checkInAt: true, checkOutAt: true },
  });
  if (!record || record.checkOutAt) return;
  await db.$transaction((tx) =>
    notify(tx, {
      to: p.userId,
      kind: 'reminder.checkout',
      facts: { shiftEnd: p.at, checkIn: formatTime(record.checkInAt, p.timezone) },
      key: `reminder.checkout:${p.date}`,
    }),
  );
}
