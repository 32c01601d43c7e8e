// Where and when one employee works (docs/calendar.md): home office, other offices allowed, own default
// schedule and join date. Set by an admin through PUT /users/{id} and POST /auth/register.
import { notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { setUserOffices } from '@/features/offices/server/offices';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { WorkplaceInput } from '@/features/calendar/validation/calendar';

type Tx = Prisma.TransactionClient;

/** Prisma include that lets toUserDto report the allowed offices. */
export const withOffices = { allowedOffices: { select: { officeId: true } } } as const;

type WorkplaceSnapshot = { homeOfficeId: string | null; allowedOfficeIds: string[]; scheduleId: string | null; joinDate: string | null };

async function workplaceOf(tx: Tx, userId: string): Promise<WorkplaceSnapshot> {
  const u = await tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { homeOfficeId: true, scheduleId: true, joinDate: true, ...withOffices },
  });
  return {
    homeOfficeId: u.homeOfficeId,
    allowedOfficeIds: u.allowedOffices.map((a) => a.officeId).sort(),
    scheduleId: u.scheduleId,
    joinDate: u.joinDate ? dateToKey(u.joinDate) : null,
  };
}

const touchesWorkplace = (i: WorkplaceInput) =>
  i.homeOfficeId !== undefined || i.allowedOfficeIds !== undefined || i.scheduleId !== undefined || i.joinDate !== undefined;

/**
 * Home office, allowed offices, own schedule and join date of one user (admin; docs/calendar.md), inside the
 * caller's transaction, with one audit row when anything changed. Unknown or inactive offices and schedules are refused.
 */
export async function applyWorkplace(tx: Tx, actor: SessionUser, userId: string, input: WorkplaceInput): Promise<void> {
  if (!touchesWorkplace(input)) return;
  const before = await workplaceOf(tx, userId);
  if (input.scheduleId) {
    const schedule = await tx.workSchedule.findUnique({ where: { id: input.scheduleId }, select: { active: true } });
    if (!schedule?.active) throw notFound('Jadwal kerja tidak ditemukan atau tidak aktif');
  }
  await setUserOffices(tx, userId, input.homeOfficeId, input.allowedOfficeIds);
  if (input.scheduleId !== undefined || input.joinDate !== undefined) {
    await tx.user.update({
      where: { id: userId },
      data: {
        ...(input.scheduleId !== undefined ? { scheduleId: input.scheduleId } : {}),
        ...(input.joinDate !== undefined ? { joinDate: input.joinDate ? dateKeyToDate(input.joinDate) : null } : {}),
      },
    });
  }
  const after = await workplaceOf(tx, userId);
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  await recordAudit(tx, { actor, kind: 'user.workplace', entity: 'User', entityId: userId, targetUserId: userId, before, after });
}
