// Who is told what when a request moves (docs/notifications.md): each function runs in the caller's
// transaction, reads what it needs there, and calls notify(). A request waiting on its supervisor goes to
// the supervisor; one waiting on HR to every active HR officer and admin (never the requester); a
// decision goes to the employee with the note. The services call these in one line each.
import type { Prisma } from '@/lib/generated/prisma/client';
import { dateKeyInZone, dateToKey, DEFAULT_TIMEZONE, formatDateShort } from '@/lib/dates';
import { notify } from '@/features/notifications/server/notify';
import { delegateOn, onLeave } from '@/features/approvals/server/routing';

type Tx = Prisma.TransactionClient;
type Actor = { id: string; name: string };
type Staff = { id: string; role: string };

/** Active HR officers and admins, without `except` (the requester, the one who just decided). */
export async function staffRecipients(tx: Pick<Tx, 'user'>, except: string[] = []): Promise<Staff[]> {
  return tx.user.findMany({
    where: { role: { in: ['admin', 'hr'] }, deactivatedAt: null, pendingApproval: false, id: { notIn: except } },
    select: { id: true, role: true },
  });
}

/** Notifies staff with the link into their own area (/admin/… or /hr/…). */
async function notifyStaff(tx: Tx, staff: Staff[], kind: string, facts: Record<string, string | number>, page: string, key?: string) {
  for (const role of ['admin', 'hr'] as const) {
    const to = staff.filter((s) => s.role === role).map((s) => s.id);
    if (to.length) await notify(tx, { to, kind, facts: { ...facts, link: `/${role}/${page}` }, key });
  }
}

const range = (start: Date, end: Date) => {
  const [a, b] = [dateToKey(start), dateToKey(end)];
  return a === b ? formatDateShort(a) : `${formatDateShort(a)} - ${formatDateShort(b)}`;
};

async function leaveFacts(tx: Tx, leaveId: string) {
  const l = await tx.leaveRequest.findUniqueOrThrow({
    where: { id: leaveId },
    select: {
      userId: true,
      startDate: true,
      endDate: true,
      days: true,
      hours: true,
      reason: true,
      status: true,
      supervisorApprovedAt: true,
      leaveType: { select: { name: true } },
      user: { select: { name: true, supervisorId: true } },
    },
  });
  const type = l.leaveType?.name ?? 'Cuti';
  const length = l.hours ? `${l.hours} jam` : `${l.days ?? 0} hari`;
  return { l, facts: { employee: l.user.name, type, range: range(l.startDate, l.endDate), length, reason: l.reason } };
}

/** Today in the supervisor's zone (their home office, else the main office), read in the caller's transaction. */
async function supervisorToday(tx: Tx, supervisorId: string): Promise<string> {
  const u = await tx.user.findUnique({ where: { id: supervisorId }, select: { homeOffice: { select: { timezone: true } } } });
  let zone = u?.homeOffice?.timezone;
  if (!zone) {
    const s = await tx.settings.findUnique({ where: { id: 1 }, select: { mainOfficeId: true } });
    if (s?.mainOfficeId) zone = (await tx.office.findUnique({ where: { id: s.mainOfficeId }, select: { timezone: true } }))?.timezone;
  }
  return dateKeyInZone(new Date(), zone ?? DEFAULT_TIMEZONE);
}

/**
 * To whoever decides the request's current step. The supervisor's step: the supervisor, and the delegate
 * they named for today (docs/leave.md, "Nothing stalls"; never the requester themselves); when the
 * supervisor is on leave today and named nobody, HR and admins too, who then take the step without a
 * reason (lib/server/auth/policy.ts, decisionStep). HR's step: every active HR officer and admin.
 */
async function toDeciders(
  tx: Tx,
  c: { ownerId: string; supervisorId: string | null; supervisorStep: boolean; except?: string },
  kind: string,
  facts: Record<string, string | number>,
  hrPage: string,
) {
  const except = [c.ownerId, ...(c.except ? [c.except] : [])];
  if (c.supervisorStep && c.supervisorId) {
    const today = await supervisorToday(tx, c.supervisorId);
    const delegate = await delegateOn(c.supervisorId, today, tx);
    const to = [c.supervisorId, ...(delegate && delegate.id !== c.ownerId ? [delegate.id] : [])];
    await notify(tx, { to, kind, facts: { ...facts, link: '/employee/team' } });
    if (delegate || !(await onLeave(c.supervisorId, today, tx))) return;
    except.push(c.supervisorId);
  }
  await notifyStaff(tx, await staffRecipients(tx, except), kind, facts, hrPage);
}

/** A new leave (`filerId`: whoever filed it, never told of their own filing; filed for someone else, they are told). */
export async function leaveSubmitted(tx: Tx, leaveId: string, filer?: Actor): Promise<void> {
  const { l, facts } = await leaveFacts(tx, leaveId);
  const filerId = filer?.id;
  if (filer && filer.id !== l.userId) await notify(tx, { to: l.userId, kind: 'leave.filed_for', facts: { ...facts, actor: filer.name } });
  const c = { ownerId: l.userId, supervisorId: l.user.supervisorId, supervisorStep: !!l.user.supervisorId, except: filerId };
  await toDeciders(tx, c, 'leave.submitted', facts, 'approvals');
}

/** After a decision step on a leave: the employee hears a final decision; a supervisor's approval goes on to HR. */
export async function leaveDecided(tx: Tx, leaveId: string, actor: Actor, decision: string, note?: string | null): Promise<void> {
  if (decision !== 'approve' && decision !== 'reject') return;
  const { l, facts } = await leaveFacts(tx, leaveId);
  const said = { type: facts.type, range: facts.range, actor: actor.name, note: note ?? null };
  if (l.status === 'approved' || l.status === 'rejected') {
    await notify(tx, { to: l.userId, kind: 'leave.decided', facts: { ...said, approved: l.status === 'approved' } });
  } else if (l.status === 'pending' && l.supervisorApprovedAt) {
    await notify(tx, { to: l.userId, kind: 'leave.step', facts: said });
    await toDeciders(tx, { ownerId: l.userId, supervisorId: null, supervisorStep: false }, 'leave.submitted', facts, 'approvals');
  }
}

async function overtimeFacts(tx: Tx, id: string) {
  const o = await tx.overtimeRequest.findUniqueOrThrow({
    where: { id },
    select: {
      userId: true,
      date: true,
      startTime: true,
      endTime: true,
      reason: true,
      status: true,
      origin: true,
      supervisorApprovedAt: true,
      user: { select: { name: true, supervisorId: true } },
    },
  });
  return {
    o,
    facts: { employee: o.user.name, date: formatDateShort(dateToKey(o.date)), time: `${o.startTime}–${o.endTime}`, reason: o.reason },
  };
}

/** A new overtime: a request goes to its decider, an assignment to the employee for consent; overtime
 * recorded on the employee's behalf is told to the employee too. */
export async function overtimeCreated(tx: Tx, id: string, actor: Actor): Promise<void> {
  const { o, facts } = await overtimeFacts(tx, id);
  if (o.origin === 'assignment') {
    await notify(tx, { to: o.userId, kind: 'overtime.assigned', facts: { ...facts, actor: actor.name } });
    return;
  }
  if (actor.id !== o.userId) await notify(tx, { to: o.userId, kind: 'overtime.filed_for', facts: { ...facts, actor: actor.name } });
  const supervisorStep = !!o.user.supervisorId && !o.supervisorApprovedAt;
  await toDeciders(tx, { ownerId: o.userId, supervisorId: o.user.supervisorId, supervisorStep }, 'overtime.submitted', facts, 'approvals');
}

export async function overtimeDecided(tx: Tx, id: string, actor: Actor, note?: string | null): Promise<void> {
  const { o, facts } = await overtimeFacts(tx, id);
  if (o.status === 'approved' || o.status === 'rejected') {
    await notify(tx, {
      to: o.userId,
      kind: 'overtime.decided',
      facts: { date: facts.date, time: facts.time, actor: actor.name, note: note ?? null, approved: o.status === 'approved' },
    });
  } else if (o.status === 'pending' && o.supervisorApprovedAt) {
    await toDeciders(tx, { ownerId: o.userId, supervisorId: null, supervisorStep: false }, 'overtime.submitted', facts, 'approvals');
  }
}

async function correctionFacts(tx: Tx, id: string) {
  const c = await tx.attendanceCorrection.findUniqueOrThrow({
    where: { id },
    select: { userId: true, date: true, reason: true, status: true, direct: true, user: { select: { name: true } } },
  });
  return { c, facts: { employee: c.user.name, date: formatDateShort(dateToKey(c.date)), reason: c.reason } };
}

/** A new correction: a request goes to HR and admins; admin's or HR's direct correction of an employee's
 * day is told to the employee. */
export async function correctionSubmitted(tx: Tx, id: string, actor?: Actor): Promise<void> {
  const { c, facts } = await correctionFacts(tx, id);
  if (c.direct && actor && actor.id !== c.userId)
    await notify(tx, { to: c.userId, kind: 'correction.filed_for', facts: { ...facts, actor: actor.name } });
  if (c.direct || c.status !== 'pending') return;
  await notifyStaff(tx, await staffRecipients(tx, [c.userId]), 'correction.submitted', facts, 'approvals');
}

export async function correctionDecided(tx: Tx, id: string, actor: Actor, note?: string | null): Promise<void> {
  const { c, facts } = await correctionFacts(tx, id);
  if (c.status !== 'approved' && c.status !== 'rejected') return;
  await notify(tx, {
    to: c.userId,
    kind: 'correction.decided',
    facts: { date: facts.date, actor: actor.name, note: note ?? null, approved: c.status === 'approved' },
  });
}
