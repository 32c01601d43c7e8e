// The once-a-day notices (docs/notifications.md), run by the job 'notification.daily' at the company's
// digest time (NotificationSettings.digestTime, the main office's zone), each keyed by its occasion so
// a second run of the same day sends nothing twice: the approvers' digest of pending decisions, leave
// starting within 2 days and still pending (→ HR), yesterday's flagged records (→ reviewers, one digest),
// days classified alpa or lupa check-out (→ the employee, with a link to Ajukan Koreksi), annual leave
// expiring within 30 days, the last month's Tutup Periode blockers (→ HR) and a face not enrolled.
import { db } from '@/lib/server/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import {
  addDays,
  dateKeyToDate,
  dateToKey,
  DEFAULT_TIMEZONE,
  formatDateLong,
  formatDateShort,
  formatTime,
  instantInZone,
} from '@/lib/dates';
import { notify } from '@/features/notifications/server/notify';
import { notificationSettings } from '@/features/notifications/server/notification-channels';
import { staffRecipients } from '@/features/notifications/server/notification-events';
import { periodBlockers } from '@/features/periods/server/periods';
import { delegateOn, onLeave } from '@/features/approvals/server/routing';
import { getMainOffice } from '@/features/offices/server/offices';

const tx1 = (fn: (tx: Prisma.TransactionClient) => Promise<unknown>) => db.$transaction(fn);
const staffLink = (role: string, page: string) => `/${role === 'admin' ? 'admin' : 'hr'}/${page}`;

/**
 * Pending decisions per approver: a supervisor's team's requests awaiting them (and their delegate of the
 * day, who may take that step too; HR and admins when the supervisor is on leave and named nobody); the
 * rest to every staff member.
 */
async function approverDigest(date: string): Promise<void> {
  const [leaves, overtime, corrections] = await Promise.all([
    db.leaveRequest.findMany({
      where: { status: 'pending' },
      select: { userId: true, supervisorApprovedAt: true, user: { select: { supervisorId: true } } },
    }),
    db.overtimeRequest.findMany({
      where: { status: 'pending', OR: [{ origin: 'request' }, { consentAt: { not: null } }] },
      select: { userId: true, origin: true, supervisorApprovedAt: true, user: { select: { supervisorId: true } } },
    }),
    db.attendanceCorrection.count({ where: { status: 'pending' } }),
  ]);
  const count = new Map<string, { leave: number; overtime: number }>();
  const staffCount = { leave: 0, overtime: 0 };
  const add = (who: string | null, k: 'leave' | 'overtime') => {
    if (!who) return void staffCount[k]++;
    const c = count.get(who) ?? { leave: 0, overtime: 0 };
    c[k]++;
    count.set(who, c);
  };
  for (const l of leaves) add(l.user.supervisorId && !l.supervisorApprovedAt ? l.user.supervisorId : null, 'leave');
  for (const o of overtime)
    add(o.origin === 'request' && o.user.supervisorId && !o.supervisorApprovedAt ? o.user.supervisorId : null, 'overtime');
  // Whoever else may take a supervisor's step today: counted once the supervisors' own counts are known.
  const stand = new Map<string, { leave: number; overtime: number }>();
  for (const [supervisorId, c] of count) {
    const delegate = await delegateOn(supervisorId, date);
    if (delegate) {
      const d = stand.get(delegate.id) ?? { leave: 0, overtime: 0 };
      stand.set(delegate.id, { leave: d.leave + c.leave, overtime: d.overtime + c.overtime });
    } else if (await onLeave(supervisorId, date)) {
      staffCount.leave += c.leave;
      staffCount.overtime += c.overtime;
    }
  }
  for (const [id, c] of stand) {
    const own = count.get(id) ?? { leave: 0, overtime: 0 };
    count.set(id, { leave: own.leave + c.leave, overtime: own.overtime + c.overtime });
  }
  const staff = await staffRecipients(db);
  for (const s of staff) {
    const mine = count.get(s.id) ?? { leave: 0, overtime: 0 };
    count.delete(s.id);
    const facts = { leave: staffCount.leave + mine.leave, overtime: staffCount.overtime + mine.overtime, corrections };
    const total = facts.leave + facts.overtime + facts.corrections;
    if (total)
      await tx1((tx) =>
        notify(tx, {
          to: s.id,
          kind: 'digest.approver',
          facts: { ...facts, total, link: staffLink(s.role, 'approvals') },
          key: `digest.approver:${date}`,
        }),
      );
  }
  for (const [supervisorId, c] of count) {
    const total = c.leave + c.overtime;
    await tx1((tx) =>
      notify(tx, {
        to: supervisorId,
        kind: 'digest.approver',
        facts: { ...c, corrections: 0, total, link: '/employee/team' },
        key: `digest.approver:${date}`,
      }),
    );
  }
}

async function pendingSoon(date: string): Promise<void> {
  const soon = await db.leaveRequest.findMany({
    where: { status: 'pending', startDate: { gte: dateKeyToDate(date), lte: dateKeyToDate(addDays(date, 2)) } },
    select: {
      id: true,
      userId: true,
      startDate: true,
      endDate: true,
      leaveType: { select: { name: true } },
      user: { select: { name: true } },
    },
  });
  if (!soon.length) return;
  const hr = await staffRecipients(db);
  for (const l of soon) {
    const [a, b] = [dateToKey(l.startDate), dateToKey(l.endDate)];
    for (const s of hr.filter((x) => x.id !== l.userId)) {
      const facts = {
        employee: l.user.name,
        type: l.leaveType?.name ?? 'Cuti',
        range: a === b ? formatDateShort(a) : `${formatDateShort(a)} - ${formatDateShort(b)}`,
        start: formatDateLong(a),
        link: staffLink(s.role, 'approvals'),
      };
      await tx1((tx) => notify(tx, { to: s.id, kind: 'leave.pending_soon', facts, key: `leave.pending_soon:${l.id}` }));
    }
  }
}

/**
 * Records flagged in the day before this digest (from the previous day's digest time to this one's, in the
 * main office's zone) and not reviewed: one digest. Each flag falls in exactly one day's window, however
 * late the job runs.
 */
async function flaggedDigest(date: string, digestTime: string): Promise<void> {
  const zone = (await getMainOffice()).timezone;
  const since = instantInZone(addDays(date, -1), digestTime, zone);
  const until = instantInZone(date, digestTime, zone);
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(DISTINCT f."attendanceId")::int AS n FROM "AttendanceFlag" f
    WHERE f."createdAt" >= ${since} AND f."createdAt" < ${until} AND NOT EXISTS (SELECT 1 FROM "AttendanceReview" r WHERE r."attendanceId" = f."attendanceId")`;
  if (!row?.n) return;
  for (const s of await staffRecipients(db))
    await tx1((tx) =>
      notify(tx, {
        to: s.id,
        kind: 'digest.flagged',
        facts: { count: row.n, link: staffLink(s.role, 'approvals') },
        key: `digest.flagged:${date}`,
      }),
    );
}

/** Days of the last three days classified alpa or lupa check-out: each told once (person, day, kind). */
async function dayResults(date: string): Promise<void> {
  const days = await db.attendanceDay.findMany({
    where: { date: { gte: dateKeyToDate(addDays(date, -3)), lt: dateKeyToDate(date) }, status: { in: ['alpa', 'lupa_checkout'] } },
    select: { userId: true, date: true, status: true, checkInAt: true, officeId: true },
  });
  const zones = new Map((await db.office.findMany({ select: { id: true, timezone: true } })).map((o) => [o.id, o.timezone]));
  for (const d of days) {
    const key = dateToKey(d.date);
    const facts = { date: formatDateLong(key), checkIn: formatTime(d.checkInAt, zones.get(d.officeId) ?? DEFAULT_TIMEZONE) };
    await tx1((tx) => notify(tx, { to: d.userId, kind: `day.${d.status}`, facts, key: `day.${d.status}:${key}` }));
  }
}

/** Carried-over annual leave that lapses within 30 days, while the person still has a balance. */
async function expiring(date: string): Promise<void> {
  const rows = await db.$queryRaw<{ userId: string; expiresAt: string; days: number; balance: number }[]>`
    SELECT e."userId"::text AS "userId", e."expiresAt"::text AS "expiresAt", sum(e.days)::float AS days,
           (SELECT coalesce(sum(b.days), 0)::float FROM "LeaveLedgerEntry" b WHERE b."userId" = e."userId" AND b."leaveTypeId" = e."leaveTypeId") AS balance
    FROM "LeaveLedgerEntry" e
    WHERE e."expiresAt" IS NOT NULL AND e."expiresAt" > ${date}::date AND e."expiresAt" <= ${date}::date + 30 AND e.days > 0
    GROUP BY e."userId", e."expiresAt", e."leaveTypeId"`;
  for (const r of rows) {
    const days = Math.min(r.days, r.balance);
    if (days <= 0) continue;
    await tx1((tx) =>
      notify(tx, {
        to: r.userId,
        kind: 'leave.expiring',
        facts: { days, date: formatDateLong(r.expiresAt) },
        key: `leave.expiring:${r.expiresAt}`,
      }),
    );
  }
}

/** In the first week of a month: what still keeps last month from closing, to HR (once per month). */
async function closeBlockers(date: string): Promise<void> {
  if (Number(date.slice(8, 10)) > 7) return;
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  const month = d.toISOString().slice(0, 7);
  const period = await db.period.findUnique({ where: { month }, select: { status: true } });
  if (period?.status === 'closed') return;
  const blockers = await periodBlockers(db, month);
  if (!blockers.length) return;
  const list = blockers.map((b) => `${b.label} (${b.count})`).join(', ');
  const label = d.toLocaleDateString('id-ID', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  for (const s of (await staffRecipients(db)).filter((x) => x.role === 'hr' || x.role === 'admin'))
    await tx1((tx) =>
      notify(tx, {
        to: s.id,
        kind: 'period.blockers',
        facts: { period: label, blockers: list, link: staffLink(s.role, 'periods') },
        key: `period.blockers:${month}`,
      }),
    );
}

/** Employees without an active face enrolment: reminded once a week. */
async function faceNotEnrolled(date: string): Promise<void> {
  const week = dateToKey(
    new Date(
      Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10) - ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7)),
    ),
  );
  const users = await db.$queryRaw<{ id: string }[]>`
    SELECT u.id::text AS id FROM "User" u
    WHERE u.role = 'employee' AND u."deactivatedAt" IS NULL AND NOT u."pendingApproval"
      AND NOT EXISTS (SELECT 1 FROM "FaceProfile" f WHERE f."userId" = u.id AND f.status = 'active')`;
  for (const u of users) await tx1((tx) => notify(tx, { to: u.id, kind: 'face.not_enrolled', key: `face.not_enrolled:${week}` }));
}

export async function runDailyNotices(date: string): Promise<void> {
  const s = await notificationSettings();
  if (s.approverDigest) await approverDigest(date);
  if (s.pendingLeaveEscalation) await pendingSoon(date);
  await flaggedDigest(date, s.digestTime);
  await dayResults(date);
  await expiring(date);
  await closeBlockers(date);
  await faceNotEnrolled(date);
}
