// What each event carries (docs/webhooks.md, "Events"): each function runs in the caller's transaction,
// reads the facts there and emits the event (webhook-emit.ts). The services call these in one line each;
// check-in and check-out emit from their own statement (features/attendance/server/attendance-punch-sql.ts).
import type { Prisma } from '@/lib/generated/prisma/client';
import { dateToKey } from '@/lib/dates';
import { emitWebhook } from '@/features/webhooks/server/webhook-emit';

type Tx = Prisma.TransactionClient;
type Actor = { id: string; name: string };

const employee = { select: { id: true, name: true, email: true, employeeNumber: true } } as const;
const by = (actor: Actor) => ({ id: actor.id, name: actor.name });

/** A leave's final decision (approved or rejected); a supervisor's approval that goes on to HR is no decision yet. */
export async function leaveDecidedEvent(tx: Tx, leaveId: string, actor: Actor, note?: string | null): Promise<void> {
  const l = await tx.leaveRequest.findUniqueOrThrow({
    where: { id: leaveId },
    select: {
      status: true,
      startDate: true,
      endDate: true,
      days: true,
      hours: true,
      leaveType: { select: { id: true, name: true } },
      user: employee,
    },
  });
  if (l.status !== 'approved' && l.status !== 'rejected') return;
  await emitWebhook(tx, 'leave.decided', {
    leaveId,
    status: l.status,
    employee: l.user,
    leaveType: l.leaveType,
    startDate: dateToKey(l.startDate),
    endDate: dateToKey(l.endDate),
    days: l.days === null ? null : Number(l.days),
    hours: l.hours === null ? null : Number(l.hours),
    decidedBy: by(actor),
    note: note ?? null,
  });
}

/** An overtime's final decision (approved or rejected). */
export async function overtimeDecidedEvent(tx: Tx, id: string, actor: Actor, note?: string | null): Promise<void> {
  const o = await tx.overtimeRequest.findUniqueOrThrow({
    where: { id },
    select: { status: true, date: true, startTime: true, endTime: true, minutes: true, dayKind: true, origin: true, user: employee },
  });
  if (o.status !== 'approved' && o.status !== 'rejected') return;
  await emitWebhook(tx, 'overtime.decided', {
    overtimeId: id,
    status: o.status,
    employee: o.user,
    date: dateToKey(o.date),
    startTime: o.startTime,
    endTime: o.endTime,
    minutes: o.minutes,
    dayKind: o.dayKind,
    origin: o.origin,
    decidedBy: by(actor),
    note: note ?? null,
  });
}

export async function periodEvent(
  tx: Tx,
  event: 'period.closed' | 'period.reopened',
  month: string,
  actor: Actor,
  reason: string | null,
): Promise<void> {
  await emitWebhook(tx, event, { month, by: by(actor), reason });
}
