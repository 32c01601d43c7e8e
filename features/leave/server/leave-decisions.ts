// Deciding and cancelling leave (docs/leave.md). With a supervisor (User.supervisorId) the supervisor
// decides first and HR or an admin last; without one, HR or an admin alone. Nobody decides their own
// request, and two steps are two people (or one, recorded, under Settings.approvalSingleStep). A pending
// supervisor step never stalls: the delegate, or HR in the supervisor's place (features/approvals). Every step is a LeaveStep row and an audit row, written with the change. A closed month
// (Tutup Periode) refuses every step and cancellation first (assertPeriodOpen), before any lock.
// The final approval deducts the balance atomically: it locks the employee's row, reads the balance,
// and only then flips pending → approved, so parallel approvals never spend more than the balance.
import { reclassifyDays } from '@/features/daily-close/server/reclassify';
import { db, lockEmployee } from '@/lib/server/db';
import { conflict, forbidden, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { leaveDecided } from '@/features/notifications/server/notification-events';
import { leaveDecidedEvent } from '@/features/webhooks/server/webhook-events';
import { privateFile } from '@/lib/server/attachment';
import { assertPeriodOpen } from '@/features/periods/server/periods';
import { ensureLedger } from '@/features/leave/server/leave-ledger';
import { todayKey } from '@/features/leave/lib/ledger-rules';
import { LEGACY_CODE } from '@/features/leave/server/leave-types';
import {
  assertBalance,
  balanceCost,
  costText,
  fmtDays,
  leaveInclude,
  leaveLength,
  leaveOmit,
  ledgerTypeOf,
  toLeaveDto,
} from '@/features/leave/server/leave';
import { COMPENSATORY_CODE } from '@/features/leave/server/leave-compensatory';
import { addDays, dateKeyToDate, dateToKey } from '@/lib/dates';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Prisma } from '@/lib/generated/prisma/client';
import { MSG } from '@/features/leave/validation/leave';
import type { LeaveDto } from '@/features/leave/types/leave';
import { assertSelfOrStaff, decisionStep, isStaff, type DecisionRefusals } from '@/lib/server/auth/policy';
import { delegatingFor, routeFor, singleStepAllowed } from '@/features/approvals/server/routing';

type Tx = Prisma.TransactionClient;

const REFUSALS: DecisionRefusals = {
  own: MSG.ownLeave,
  notSupervisor: MSG.notSupervisor,
  awaitingSupervisor: MSG.awaitingSupervisor,
  awaitingCode: 'LEAVE_AWAITING_SUPERVISOR',
  supervisorDone: MSG.supervisorDone,
  notStaff: MSG.notStaff,
  sameApprover: MSG.sameApprover,
};
const processed = () => conflict(MSG.processed, 'LEAVE_ALREADY_PROCESSED');

async function loadLeave(id: string) {
  const row = await db.leaveRequest.findUnique({ where: { id }, include: { ...leaveInclude, leaveType: true }, omit: leaveOmit });
  if (!row) throw notFound(MSG.notFound);
  return row;
}

const reload = async (id: string) =>
  toLeaveDto(await db.leaveRequest.findUniqueOrThrow({ where: { id }, include: leaveInclude, omit: leaveOmit }));

async function step(
  tx: Tx,
  actor: SessionUser,
  leaveId: string,
  userId: string,
  stepName: string,
  decision: string,
  note: string | undefined,
  after?: unknown,
  from: 'pending' | 'approved' = 'pending',
  inPlaceOf: { id: string; name: string } | null = null,
) {
  // The status as this step left it (a supervisor's approval keeps it pending; a partial cancel keeps it approved).
  const now = await tx.leaveRequest.findUniqueOrThrow({ where: { id: leaveId }, select: { status: true } });
  await tx.leaveStep.create({
    data: {
      leaveId,
      step: stepName,
      decision,
      actorId: actor.id,
      actorName: actor.name,
      actorRole: actor.role,
      note: note || null,
      inPlaceOfId: inPlaceOf?.id ?? null,
      inPlaceOfName: inPlaceOf?.name ?? null,
    },
  });
  await recordAudit(tx, {
    actor,
    kind: `leave.${decision}`,
    entity: 'LeaveRequest',
    entityId: leaveId,
    targetUserId: userId,
    before: { status: from },
    after: { status: now.status, step: stepName, ...(inPlaceOf ? { inPlaceOf: inPlaceOf.id } : {}), ...(after as object) },
    note: note || null,
  });
  await leaveDecided(tx, leaveId, actor, decision, note);
  if (decision === 'approve' || decision === 'reject') await leaveDecidedEvent(tx, leaveId, actor, note);
}

/** PUT /api/leaves/{id}/status: one step of the decision. */
export async function setLeaveStatus(actor: SessionUser, id: string, status: 'approved' | 'rejected', note?: string): Promise<LeaveDto> {
  const leave = await loadLeave(id);
  const route = leave.status === 'pending' && !leave.supervisorApprovedAt ? await routeFor(leave.user.supervisorId, leave.appliedAt) : {};
  const { step: stepName, inPlaceOf } = decisionStep(
    actor,
    {
      ownerId: leave.userId,
      supervisorId: leave.user.supervisorId,
      supervisorApprovedAt: leave.supervisorApprovedAt,
      supervisorApprovedById: leave.supervisorApprovedById,
      status: leave.status,
    },
    REFUSALS,
    { route, reason: note },
  );
  if (leave.status !== 'pending') throw processed();
  // Admin or HR taking the supervisor's step could only be followed by another admin or HR; under the
  // company's one-step setting that approval is the whole decision, recorded on the request (singleStep).
  const singleStep = stepName === 'atasan' && status === 'approved' && isStaff(actor) && (await singleStepAllowed());
  const supervisorStep = stepName === 'atasan' && !singleStep;
  const placeOf = inPlaceOf && leave.user.supervisorId ? await personName(leave.user.supervisorId) : null;
  // A decision writes into the leave's days: a closed month refuses it first, before any lock.
  const range = { from: leave.startDate, to: leave.endDate };

  if (status === 'rejected' || supervisorStep) {
    await db.$transaction(async (tx) => {
      await assertPeriodOpen(tx, range);
      const data =
        status === 'rejected'
          ? { status: 'rejected' as const, processedAt: new Date(), processedById: actor.id }
          : { supervisorApprovedAt: new Date(), supervisorApprovedById: actor.id };
      const { count } = await tx.leaveRequest.updateMany({
        where: { id, status: 'pending', supervisorApprovedAt: leave.supervisorApprovedAt },
        data,
      });
      if (count === 0) throw processed();
      await step(tx, actor, id, leave.userId, stepName, status === 'rejected' ? 'reject' : 'approve', note, undefined, 'pending', placeOf);
    });
    return reload(id);
  }

  // The final approval: the length is known since applying (recomputed for rows from before it was stored).
  const type = leave.leaveType ?? (await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: LEGACY_CODE[leave.type] } }));
  const start = dateToKey(leave.startDate);
  const days = leave.days ?? Math.max(0, await leaveLength(leave.userId, type, start, dateToKey(leave.endDate), leave));
  const cost = await balanceCost(leave.userId, type, { startDate: start, days, hours: leave.hours });
  const annual = cost > 0 ? await ledgerTypeOf(type) : null;
  if (annual && annual.code !== COMPENSATORY_CODE) await ensureLedger(leave.userId);
  await db.$transaction(async (tx) => {
    await assertPeriodOpen(tx, range);
    await lockEmployee(tx, leave.userId);
    if (annual) await assertBalance(tx, leave.userId, annual, cost, dateToKey(leave.endDate), costText(cost, leave.hours), 'diminta');
    const now = new Date();
    const { count } = await tx.leaveRequest.updateMany({
      where: { id, status: 'pending', supervisorApprovedAt: leave.supervisorApprovedAt },
      data: {
        status: 'approved',
        processedAt: now,
        processedById: actor.id,
        days,
        leaveTypeId: type.id,
        category: type.category,
        ...(singleStep ? { singleStep: true, supervisorApprovedAt: now, supervisorApprovedById: actor.id } : {}),
      },
    });
    if (count === 0) throw processed();
    if (annual) {
      await tx.leaveLedgerEntry.create({
        data: {
          userId: leave.userId,
          leaveTypeId: annual.id,
          kind: 'deduction',
          days: -cost,
          effectiveDate: leave.startDate,
          leaveId: id,
          idemKey: `deduction:${id}`,
          actorId: actor.id,
          actorName: actor.name,
          note: `${type.name} ${start}${leave.hours ? ` (${fmtDays(leave.hours)} jam)` : ''}`,
        },
      });
    }
    await step(
      tx,
      actor,
      id,
      leave.userId,
      stepName,
      'approve',
      note,
      { days, ...(leave.hours ? { hours: leave.hours, balanceDays: cost } : {}), ...(singleStep ? { singleStep: true } : {}) },
      'pending',
      placeOf,
    );
    // Days already closed as alpa become leave (docs/daily-close.md).
    await reclassifyDays(tx, leave.userId, start, dateToKey(leave.endDate));
  });
  return reload(id);
}

/**
 * POST /api/leaves/{id}/cancel. Pending: the employee (or admin/HR) withdraws it. Approved: admin or HR
 * (not on their own leave) from today on, or the employee for the days after today when the company
 * allows it (Settings.leaveEmployeeCancelApproved). Days already taken stay: the leave then ends the day
 * before; the days given back are a reversal row of the ledger.
 */
export async function cancelLeave(actor: SessionUser, id: string, note?: string): Promise<LeaveDto> {
  const leave = await loadLeave(id);
  const own = leave.userId === actor.id;
  assertSelfOrStaff(actor, leave.userId, 'Anda hanya dapat membatalkan pengajuan cuti Anda sendiri.');
  const range = { from: leave.startDate, to: leave.endDate };
  if (leave.status === 'pending') {
    await db.$transaction(async (tx) => {
      await assertPeriodOpen(tx, range);
      const { count } = await tx.leaveRequest.updateMany({
        where: { id, status: 'pending' },
        data: { status: 'cancelled', cancelledAt: new Date(), cancelledById: actor.id },
      });
      if (count === 0) throw processed();
      await step(tx, actor, id, leave.userId, 'batal', 'cancel', note);
    });
    return reload(id);
  }
  if (leave.status !== 'approved') throw conflict('Pengajuan ini tidak dapat dibatalkan', 'LEAVE_NOT_CANCELLABLE');
  if (own) {
    const settings = await db.settings.findUnique({ where: { id: 1 }, select: { leaveEmployeeCancelApproved: true } });
    if (!settings?.leaveEmployeeCancelApproved) throw forbidden('Cuti yang sudah disetujui hanya dapat dibatalkan oleh admin atau HR.');
  }
  const today = todayKey();
  const firstFree = own ? addDays(today, 1) : today;
  const start = dateToKey(leave.startDate);
  const end = dateToKey(leave.endDate);
  if (end < firstFree) throw conflict('Cuti sudah dijalani; tidak ada hari yang dapat dibatalkan', 'LEAVE_NOT_CANCELLABLE');
  const type = leave.leaveType ?? (await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: LEGACY_CODE[leave.type] } }));
  const whole = start >= firstFree;
  const keptEnd = addDays(firstFree, -1);
  const keptDays = whole ? 0 : Math.max(0, await leaveLength(leave.userId, type, start, keptEnd));
  await db.$transaction(async (tx) => {
    await assertPeriodOpen(tx, range);
    await lockEmployee(tx, leave.userId);
    const { count } = await tx.leaveRequest.updateMany({
      where: { id, status: 'approved', endDate: leave.endDate },
      data: whole
        ? { status: 'cancelled', cancelledAt: new Date(), cancelledById: actor.id }
        : { endDate: dateKeyToDate(keptEnd), days: keptDays },
    });
    if (count === 0) throw processed();
    const taken = await tx.leaveLedgerEntry.findFirst({ where: { leaveId: id, kind: 'deduction' }, select: { leaveTypeId: true } });
    const deducted = -(await tx.leaveLedgerEntry.aggregate({ where: { leaveId: id }, _sum: { days: true } }))._sum.days!;
    const back = Math.round(((deducted || 0) - keptDays) * 10000) / 10000;
    if (back > 0) {
      await tx.leaveLedgerEntry.create({
        data: {
          userId: leave.userId,
          leaveTypeId: taken?.leaveTypeId ?? type.id,
          kind: 'reversal',
          days: back,
          effectiveDate: leave.startDate,
          leaveId: id,
          actorId: actor.id,
          actorName: actor.name,
          note: note || `Pembatalan ${type.name} ${whole ? start : `${firstFree} s.d. ${end}`}`,
        },
      });
    }
    await step(
      tx,
      actor,
      id,
      leave.userId,
      'batal',
      'cancel',
      note,
      {
        returnedDays: Math.max(0, back),
        keptUntil: whole ? null : keptEnd,
      },
      'approved',
    );
    await reclassifyDays(tx, leave.userId, start, end);
  });
  return reload(id);
}

/**
 * GET /api/leaves/{id}/attachment: the owner, admin and HR, and whoever decides its supervisor step
 * (the owner's supervisor, or the supervisor's delegate for today).
 */
export async function leaveAttachment(actor: Pick<SessionUser, 'id' | 'role'>, id: string): Promise<Response> {
  const row = await db.leaveRequest.findUnique({
    where: { id },
    select: { userId: true, attachment: true, attachmentMime: true, attachmentName: true, user: { select: { supervisorId: true } } },
  });
  if (!row) throw notFound(MSG.notFound);
  const sup = row.user.supervisorId;
  const decider = !!sup && (actor.id === sup || (await delegatingFor(actor.id)).includes(sup));
  if (!decider) assertSelfOrStaff(actor, row.userId, 'Anda tidak memiliki akses ke lampiran ini.');
  return privateFile(row);
}

const personName = async (id: string) => ({ id, name: (await db.user.findUnique({ where: { id }, select: { name: true } }))?.name ?? '' });
