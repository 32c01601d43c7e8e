// Who may take a pending supervisor step besides the supervisor (docs/leave.md, "Nothing stalls"), worked
// out when a decision is made or a list is read (no job needed): the delegate the supervisor named for
// today; HR when the supervisor is on approved leave today and named none; HR when the step has waited
// longer than the company's escalation delay (Settings.approvalEscalationDays working days of the
// supervisor's calendar after the day it was filed). lib/server/auth/policy.ts (decisionStep) applies it.
import { db } from '@/lib/server/db';
import { calendarDays, zoneOf } from '@/features/calendar/server/calendar';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import type { DecisionRoute } from '@/lib/server/auth/policy';
import type { Prisma } from '@/lib/generated/prisma/client';

/** The database, or the caller's transaction (a notification of a new request reads the routing there). */
type Client = Pick<Prisma.TransactionClient, 'supervisorDelegate' | 'user' | 'leaveRequest'>;

export type Routing = DecisionRoute & { delegateName?: string | null };

/** Today in the supervisor's zone (home office, else the main office). */
async function todayOf(userId: string): Promise<string> {
  const rough = dateKeyInZone(new Date());
  return dateKeyInZone(new Date(), await zoneOf(userId, rough));
}

/** The supervisor's delegate for `day` (the newest naming that covers it), or null. */
export async function delegateOn(supervisorId: string, day: string, client: Client = db): Promise<{ id: string; name: string } | null> {
  const d = dateKeyToDate(day);
  const row = await client.supervisorDelegate.findFirst({
    where: { supervisorId, startDate: { lte: d }, endDate: { gte: d } },
    orderBy: { createdAt: 'desc' },
    select: { delegateId: true },
  });
  if (!row) return null;
  const user = await client.user.findUnique({ where: { id: row.delegateId }, select: { id: true, name: true, deactivatedAt: true } });
  return user && !user.deactivatedAt ? { id: user.id, name: user.name } : null;
}

/** Whether the person is on approved leave (a whole day, any type) on `day`. */
export async function onLeave(userId: string, day: string, client: Client = db): Promise<boolean> {
  const d = dateKeyToDate(day);
  const n = await client.leaveRequest.count({
    where: { userId, status: 'approved', startDate: { lte: d }, endDate: { gte: d }, halfDay: null, hours: null },
  });
  return n > 0;
}

/** Working days of the supervisor's calendar after `since` (the day filed), up to and including `today`. */
export async function workingDaysSince(userId: string, since: string, today: string): Promise<number> {
  if (today <= since) return 0;
  const days = await calendarDays([userId], addDays(since, 1), today);
  return days.filter((d) => d.status === 'kerja').length;
}

/** The routing of one pending supervisor step: a case of an employee whose supervisor is `supervisorId`, filed at `filedAt`. */
export async function routeFor(supervisorId: string | null, filedAt: Date): Promise<Routing> {
  if (!supervisorId) return {};
  const today = await todayOf(supervisorId);
  const [delegate, away, settings] = await Promise.all([
    delegateOn(supervisorId, today),
    onLeave(supervisorId, today),
    db.settings.findUnique({ where: { id: 1 }, select: { approvalEscalationDays: true } }),
  ]);
  const limit = settings?.approvalEscalationDays ?? 3;
  const filed = dateKeyInZone(filedAt, await zoneOf(supervisorId, today));
  const escalated = limit > 0 && (await workingDaysSince(supervisorId, filed, today)) >= limit;
  return { delegateId: delegate?.id ?? null, delegateName: delegate?.name ?? null, supervisorAway: away && !delegate, escalated };
}

/** The supervisors who named `userId` their delegate for today: their teams' supervisor steps are the delegate's too. */
export async function delegatingFor(userId: string): Promise<string[]> {
  const d = dateKeyToDate(await todayOf(userId));
  const rows = await db.supervisorDelegate.findMany({
    where: { delegateId: userId, startDate: { lte: d }, endDate: { gte: d } },
    select: { supervisorId: true },
  });
  return [...new Set(rows.map((r) => r.supervisorId))];
}

/** Whether the single-step setting is on (Settings.approvalSingleStep). */
export async function singleStepAllowed(): Promise<boolean> {
  const s = await db.settings.findUnique({ where: { id: 1 }, select: { approvalSingleStep: true } });
  return !!s?.approvalSingleStep;
}
