// Tukar Jadwal (docs/calendar.md, "Tukar jadwal"): an employee asks a colleague of the same office to swap
// one date's shifts, or asks to change their own shift for a day. The colleague consents first; then the
// requester's supervisor, or HR/admin, approves. The approval writes the result as roster cells
// (RosterEntry) for both people in one transaction, audited; the RosterEntry triggers enqueue the
// re-classification of both people's day (docs/daily-close.md). A closed month refuses every step.
import { db } from '@/lib/server/db';
import { badRequest, conflict, forbidden, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { assertPeriodOpen } from '@/features/periods/server/periods';
import { calendarDays, zoneOf } from '@/features/calendar/server/calendar';
import { getMainOffice } from '@/features/offices/server/offices';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey } from '@/lib/dates';
import { assertEmployee, isStaff } from '@/lib/server/auth/policy';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Prisma } from '@/lib/generated/prisma/client';
import { SWAP_MSG, type SwapCreateInput, type SwapListQuery, type SwapStatusInput } from '@/features/calendar/validation/roster-swaps';
import type { RosterSwapDto, SwapListDto } from '@/features/calendar/types/roster-swaps';

export type { RosterSwapDto, SwapListDto } from '@/features/calendar/types/roster-swaps';

const include = {
  requester: { select: { name: true, supervisorId: true } },
  partner: { select: { name: true } },
} satisfies Prisma.RosterSwapInclude;
type SwapRow = Prisma.RosterSwapGetPayload<{ include: typeof include }>;
const PENDING = ['menunggu_rekan', 'menunggu_persetujuan'] as const;
const processed = () => conflict(SWAP_MSG.processed, 'ROSTER_SWAP_ALREADY_PROCESSED');

const isApprover = (actor: Pick<SessionUser, 'id' | 'role'>, s: SwapRow) =>
  actor.id !== s.requesterId && actor.id !== s.partnerId && (isStaff(actor) || s.requester.supervisorId === actor.id);

function toDto(actor: Pick<SessionUser, 'id' | 'role'>, s: SwapRow): RosterSwapDto {
  return {
    id: s.id,
    date: dateToKey(s.date),
    requesterId: s.requesterId,
    requesterName: s.requester.name,
    partnerId: s.partnerId,
    partnerName: s.partner?.name ?? null,
    start: s.start,
    end: s.end,
    reason: s.reason,
    status: s.status,
    consentAt: s.consentAt?.toISOString() ?? null,
    decidedByName: s.decidedByName,
    decidedAt: s.decidedAt?.toISOString() ?? null,
    note: s.note,
    createdAt: s.createdAt.toISOString(),
    canConsent: s.status === 'menunggu_rekan' && actor.id === s.partnerId,
    canDecide: s.status === 'menunggu_persetujuan' && isApprover(actor, s),
  };
}

async function officeOf(userId: string): Promise<string> {
  const u = await db.user.findUnique({ where: { id: userId }, select: { homeOfficeId: true } });
  return u?.homeOfficeId ?? (await getMainOffice()).id;
}

/** GET /api/roster/swaps: one's own (asked or asked of), one's team's (a supervisor); admin and HR all. */
export async function listSwaps(actor: SessionUser, q: SwapListQuery): Promise<SwapListDto> {
  const staff = isStaff(actor);
  const rows = await db.rosterSwap.findMany({
    where: {
      ...(q.status ? { status: q.status } : {}),
      ...(staff ? {} : { OR: [{ requesterId: actor.id }, { partnerId: actor.id }, { requester: { supervisorId: actor.id } }] }),
    },
    include,
    orderBy: [{ date: 'desc' }, { createdAt: 'desc' }],
    take: 500,
  });
  let colleagues: { id: string; name: string }[] = [];
  if (!staff) {
    const office = await officeOf(actor.id);
    const main = (await getMainOffice()).id;
    colleagues = await db.user.findMany({
      where: {
        id: { not: actor.id },
        role: 'employee',
        deactivatedAt: null,
        pendingApproval: false,
        ...(office === main ? { OR: [{ homeOfficeId: office }, { homeOfficeId: null }] } : { homeOfficeId: office }),
      },
      select: { id: true, name: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    });
  }
  return { items: rows.map((r) => toDto(actor, r)), colleagues };
}

/** POST /api/roster/swaps: the employee asks (a colleague's consent first, or straight to approval for an own change). */
export async function createSwap(actor: SessionUser, input: SwapCreateInput): Promise<RosterSwapDto> {
  assertEmployee(actor, SWAP_MSG.employeeOnly);
  const partnerId = input.partnerId?.toLowerCase() ?? null;
  if (partnerId === actor.id) throw badRequest(SWAP_MSG.self, 'VALIDATION', { partnerId: SWAP_MSG.self });
  const today = dateKeyInZone(new Date(), await zoneOf(actor.id, input.date));
  if (input.date < today) throw badRequest(SWAP_MSG.past, 'VALIDATION', { date: SWAP_MSG.past });
  if (input.date > addDays(today, 90)) throw badRequest(SWAP_MSG.tooFar, 'VALIDATION', { date: SWAP_MSG.tooFar });
  if (partnerId) {
    const partner = await db.user.findUnique({
      where: { id: partnerId },
      select: { role: true, deactivatedAt: true, pendingApproval: true },
    });
    if (
      !partner ||
      partner.role !== 'employee' ||
      partner.deactivatedAt ||
      partner.pendingApproval ||
      (await officeOf(partnerId)) !== (await officeOf(actor.id))
    )
      throw badRequest(SWAP_MSG.partner, 'VALIDATION', { partnerId: SWAP_MSG.partner });
  }
  const days = await calendarDays(partnerId ? [actor.id, partnerId] : [actor.id], input.date, input.date);
  if (days.length !== (partnerId ? 2 : 1) || days.some((d) => d.status === 'belum_bergabung' || d.status === 'nonaktif'))
    throw badRequest(SWAP_MSG.notEmployed, 'VALIDATION', { date: SWAP_MSG.notEmployed });
  if (partnerId) {
    const [a, b] = days;
    if (a!.shiftStart === b!.shiftStart && a!.shiftEnd === b!.shiftEnd && a!.status === b!.status)
      throw badRequest(SWAP_MSG.sameShift, 'VALIDATION', { partnerId: SWAP_MSG.sameShift });
  }
  const people = partnerId ? [actor.id, partnerId] : [actor.id];
  const row = await db.$transaction(async (tx) => {
    await assertPeriodOpen(tx, input.date);
    const open = await tx.rosterSwap.count({
      where: {
        date: dateKeyToDate(input.date),
        status: { in: [...PENDING] },
        OR: [{ requesterId: { in: people } }, { partnerId: { in: people } }],
      },
    });
    if (open > 0) throw conflict(SWAP_MSG.overlap);
    const created = await tx.rosterSwap.create({
      data: {
        requesterId: actor.id,
        partnerId,
        date: dateKeyToDate(input.date),
        start: partnerId ? null : input.start!,
        end: partnerId ? null : input.end!,
        reason: input.reason,
        status: partnerId ? 'menunggu_rekan' : 'menunggu_persetujuan',
      },
      include,
    });
    await recordAudit(tx, {
      actor,
      kind: 'roster.swap_request',
      entity: 'RosterSwap',
      entityId: created.id,
      targetUserId: actor.id,
      after: { date: input.date, partnerId, start: created.start, end: created.end, status: created.status },
      note: input.reason,
    });
    return created;
  });
  return toDto(actor, row);
}

type Cell = { start: string | null; end: string | null; breakMinutes: number; lateToleranceMinutes: number; label: string };

/** PUT /api/roster/swaps/{id}/status: consent (the colleague), approve (supervisor, HR, admin), reject (either). */
export async function decideSwap(actor: SessionUser, id: string, input: SwapStatusInput): Promise<RosterSwapDto> {
  const s = await db.rosterSwap.findUnique({ where: { id }, include });
  if (!s) throw notFound(SWAP_MSG.notFound);
  const date = dateToKey(s.date);
  const consentStep = s.status === 'menunggu_rekan';
  if (input.action === 'consent' || (input.action === 'reject' && consentStep && actor.id === s.partnerId)) {
    if (actor.id !== s.partnerId) throw forbidden(SWAP_MSG.consentOnly);
    if (!consentStep) throw processed();
  } else {
    if (actor.id === s.requesterId || actor.id === s.partnerId) throw forbidden(SWAP_MSG.own);
    if (!isApprover(actor, s)) throw forbidden(SWAP_MSG.notApprover);
    if (s.status === 'menunggu_rekan' && input.action === 'approve') throw conflict(SWAP_MSG.awaitingPartner);
    if (!(PENDING as readonly string[]).includes(s.status)) throw processed();
  }

  // The cells an approval writes: each person gets the other's day (a swap), or the requester the new shift.
  let cells: { userId: string; before: Cell; after: Cell }[] = [];
  if (input.action === 'approve') {
    const days = await calendarDays(s.partnerId ? [s.requesterId, s.partnerId] : [s.requesterId], date, date);
    const dayOf = (userId: string) => days.find((d) => d.userId === userId)!;
    const cellOf = (d: (typeof days)[number], label: string): Cell => ({
      start: d.shiftStart,
      end: d.shiftEnd,
      breakMinutes: d.shiftStart ? (d.breakMinutes ?? 0) : 0,
      lateToleranceMinutes: d.shiftStart ? (d.lateToleranceMinutes ?? 0) : 0,
      label: d.shiftStart ? label : `Libur (${label})`,
    });
    const mine = dayOf(s.requesterId);
    if (s.partnerId) {
      const theirs = dayOf(s.partnerId);
      cells = [
        { userId: s.requesterId, before: cellOf(mine, 'Jadwal'), after: cellOf(theirs, `Tukar dengan ${s.partner!.name}`) },
        { userId: s.partnerId, before: cellOf(theirs, 'Jadwal'), after: cellOf(mine, `Tukar dengan ${s.requester.name}`) },
      ];
    } else {
      const before = cellOf(mine, 'Jadwal');
      cells = [
        {
          userId: s.requesterId,
          before,
          after: {
            start: s.start,
            end: s.end,
            breakMinutes: mine.breakMinutes ?? 0,
            lateToleranceMinutes: mine.lateToleranceMinutes ?? 0,
            label: 'Ganti shift',
          },
        },
      ];
    }
  }

  await db.$transaction(async (tx) => {
    await assertPeriodOpen(tx, s.date);
    const now = new Date();
    const data =
      input.action === 'consent'
        ? { status: 'menunggu_persetujuan' as const, consentAt: now }
        : {
            status: input.action === 'approve' ? ('approved' as const) : ('rejected' as const),
            decidedAt: now,
            decidedById: actor.id,
            decidedByName: actor.name,
            note: input.note ?? null,
          };
    const { count } = await tx.rosterSwap.updateMany({ where: { id, status: s.status }, data });
    if (count === 0) throw processed();
    for (const c of cells) {
      const where = { userId_date: { userId: c.userId, date: s.date } };
      await tx.rosterEntry.upsert({
        where,
        create: { userId: c.userId, date: s.date, ...c.after, scheduleId: null, updatedById: actor.id },
        update: { ...c.after, scheduleId: null, updatedById: actor.id },
      });
    }
    await recordAudit(tx, {
      actor,
      kind: input.action === 'consent' ? 'roster.swap_consent' : input.action === 'approve' ? 'roster.swap_approve' : 'roster.swap_reject',
      entity: 'RosterSwap',
      entityId: id,
      targetUserId: s.requesterId,
      before: { status: s.status, ...(cells.length ? { cells: cells.map((c) => ({ userId: c.userId, ...c.before })) } : {}) },
      after: { status: data.status, date, ...(cells.length ? { cells: cells.map((c) => ({ userId: c.userId, ...c.after })) } : {}) },
      note: input.note ?? null,
    });
  });
  return toDto(actor, (await db.rosterSwap.findUnique({ where: { id }, include }))!);
}
