// Deciding overtime (docs/overtime.md), like leave: an employee's own request is decided by their
// supervisor first when they have one (User.supervisorId), then by HR or an admin; without one, HR or an
// admin alone; nobody decides their own, two steps are two people, and a supervisor step never stalls
// (delegate, or HR in the supervisor's place: features/approvals). An assignment is the employer's order:
// it waits for the employee's consent (accept or decline), and admin or HR may withdraw it (reject) before
// that; an assignment to admin or HR is approved after the consent by someone other than the assigner.
// Each decision is a conditional update of a pending row plus an audit row in one transaction; the
// final approval holds the employee's row lock and re-checks the caps against approved overtime.
import { db, lockEmployee } from '@/lib/server/db';
import { conflict } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { overtimeDecided } from '@/features/notifications/server/notification-events';
import { overtimeDecidedEvent } from '@/features/webhooks/server/webhook-events';
import { assertPeriodOpen } from '@/features/periods/server/periods';
import { assertCaps, loadOvertime, toDtos, type OvertimeRow } from '@/features/overtime/server/overtime';
import { dateToKey } from '@/lib/dates';
import { MSG } from '@/features/overtime/validation/overtime';
import type { OvertimeDto } from '@/features/overtime/types/overtime';
import type { DayKind } from '@/features/overtime/lib/rules';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertSelf, decisionStep, isStaff, type DecisionRefusals } from '@/lib/server/auth/policy';
import { routeFor, singleStepAllowed } from '@/features/approvals/server/routing';

type Tx = Prisma.TransactionClient;
const REFUSALS: DecisionRefusals = {
  own: MSG.own,
  notSupervisor: MSG.notSupervisor,
  awaitingSupervisor: MSG.awaitingSupervisor,
  awaitingCode: 'OVERTIME_AWAITING_SUPERVISOR',
  supervisorDone: MSG.supervisorDone,
  notStaff: MSG.notStaff,
  sameApprover: MSG.sameApprover,
  ownFiling: MSG.ownFiling,
};
const processed = () => conflict(MSG.processed, 'OVERTIME_ALREADY_PROCESSED');
const reload = async (id: string) => (await toDtos([await loadOvertime(id)]))[0]!;

async function checkCapsFor(tx: Tx, ot: OvertimeRow) {
  await lockEmployee(tx, ot.userId);
  await assertCaps(
    tx,
    {
      userId: ot.userId,
      date: dateToKey(ot.date),
      dayKind: ot.dayKind as DayKind,
      weekDays: ot.weekDays === 6 ? 6 : 5,
      minutes: ot.minutes,
      excludeId: ot.id,
    },
    ['approved'],
  );
}

/** PUT /api/overtime/{id}/status: one step of the decision. */
export async function setOvertimeStatus(
  actor: SessionUser,
  id: string,
  status: 'approved' | 'rejected',
  note?: string,
): Promise<OvertimeDto> {
  const ot = await loadOvertime(id);
  const pendingSupervisor = ot.status === 'pending' && ot.origin === 'request' && !ot.supervisorApprovedAt;
  const route = pendingSupervisor ? await routeFor(ot.user.supervisorId, ot.createdAt) : {};
  const { step, inPlaceOf } = decisionStep(
    actor,
    {
      ownerId: ot.userId,
      supervisorId: ot.user.supervisorId,
      supervisorApprovedAt: ot.supervisorApprovedAt,
      supervisorApprovedById: ot.supervisorApprovedById,
      // Whoever assigned or recorded it may still withdraw it (reject), never approve it.
      filedById: status === 'approved' && ot.createdById !== ot.userId ? ot.createdById : null,
      origin: ot.origin,
      status: ot.status,
    },
    REFUSALS,
    { route, reason: note },
  );
  if (ot.status !== 'pending') throw processed();
  if (ot.origin === 'assignment' && status === 'approved' && !ot.consentAt)
    throw conflict('Penugasan lembur menunggu persetujuan karyawan yang ditugaskan', 'OVERTIME_AWAITING_CONSENT');

  // Admin or HR taking the supervisor's step: the whole decision under the company's one-step setting.
  const singleStep = step === 'atasan' && status === 'approved' && isStaff(actor) && (await singleStepAllowed());
  const supervisorStep = step === 'atasan' && !singleStep;
  const final = status === 'approved' && !supervisorStep;
  const placeOf = inPlaceOf && ot.user.supervisorId ? await nameOf(ot.user.supervisorId) : null;
  const kind = status === 'rejected' ? 'overtime.reject' : 'overtime.approve';
  await db.$transaction(async (tx) => {
    await assertPeriodOpen(tx, ot.date);
    if (final) await checkCapsFor(tx, ot);
    const now = new Date();
    const supervisorData = {
      supervisorApprovedAt: now,
      supervisorApprovedById: actor.id,
      supervisorApprovedByName: actor.name,
      supervisorInPlaceOfName: placeOf,
      supervisorNote: note ?? null,
    };
    const data =
      status === 'rejected' || final
        ? {
            status,
            processedAt: now,
            processedById: actor.id,
            processedByName: actor.name,
            decisionNote: note ?? null,
            ...(singleStep ? { ...supervisorData, singleStep: true } : {}),
            ...(status === 'rejected' && step === 'atasan' ? { supervisorInPlaceOfName: placeOf } : {}),
          }
        : supervisorData;
    const { count } = await tx.overtimeRequest.updateMany({
      where: { id, status: 'pending', supervisorApprovedAt: ot.supervisorApprovedAt },
      data,
    });
    if (count === 0) throw processed();
    await recordAudit(tx, {
      actor,
      kind,
      entity: 'OvertimeRequest',
      entityId: id,
      targetUserId: ot.userId,
      before: { status: 'pending' },
      after: {
        status: final || status === 'rejected' ? status : 'pending',
        step,
        ...(placeOf ? { inPlaceOf: placeOf } : {}),
        ...(singleStep ? { singleStep: true } : {}),
        date: dateToKey(ot.date),
        minutes: ot.minutes,
        dayKind: ot.dayKind,
      },
      note: note ?? null,
    });
    await overtimeDecided(tx, id, actor, note);
    await overtimeDecidedEvent(tx, id, actor, note);
  });
  return reload(id);
}

const nameOf = async (id: string) => (await db.user.findUnique({ where: { id }, select: { name: true } }))?.name ?? null;

/** POST /api/overtime/{id}/consent: the assigned employee accepts (it is then approved) or declines. */
export async function consentOvertime(actor: SessionUser, id: string, accept: boolean, note?: string): Promise<OvertimeDto> {
  const ot = await loadOvertime(id);
  assertSelf(actor, ot.userId, 'Hanya karyawan yang ditugaskan yang dapat menerima atau menolak penugasan lembur.');
  if (ot.origin !== 'assignment') throw conflict('Pengajuan ini bukan penugasan lembur', 'OVERTIME_NOT_ASSIGNMENT');
  if (ot.status !== 'pending') throw processed();
  // An assignment to admin or HR: their consent alone approves nothing; someone other than the assigner decides.
  const staffAssignee = isStaff(actor);
  await db.$transaction(async (tx) => {
    await assertPeriodOpen(tx, ot.date);
    if (accept && !staffAssignee) await checkCapsFor(tx, ot);
    const now = new Date();
    const data = accept
      ? staffAssignee
        ? { status: 'pending' as const, consentAt: now }
        : {
            status: 'approved' as const,
            consentAt: now,
            processedAt: now,
            processedById: ot.createdById,
            processedByName: ot.createdByName,
          }
      : {
          status: 'rejected' as const,
          processedAt: now,
          processedById: actor.id,
          processedByName: actor.name,
          decisionNote: note ?? 'Ditolak karyawan',
        };
    const { count } = await tx.overtimeRequest.updateMany({ where: { id, status: 'pending', consentAt: null }, data });
    if (count === 0) throw processed();
    await recordAudit(tx, {
      actor,
      kind: 'overtime.consent',
      entity: 'OvertimeRequest',
      entityId: id,
      targetUserId: ot.userId,
      before: { status: 'pending' },
      after: { accepted: accept, status: data.status, orderNumber: ot.orderNumber, date: dateToKey(ot.date), minutes: ot.minutes },
      note: note ?? null,
    });
    await overtimeDecidedEvent(tx, id, actor, note);
  });
  return reload(id);
}
