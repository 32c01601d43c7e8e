// NIK karyawan, phone and division of one person (docs/onboarding.md), set by PUT /users/{id} and by
// POST /auth/register when admin or HR add someone, inside the caller's transaction, with one audit row
// when anything changed. The import (features/employees/server/import/) writes the same columns in bulk.
import { badRequest, conflict } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { PeopleInput } from '@/features/employees/validation/people';

type Tx = Prisma.TransactionClient;

export const NIK_TAKEN = (nik: string) => `NIK karyawan ${nik} sudah dipakai karyawan lain`;
export const PIN_TAKEN = (pin: string) => `PIN mesin absensi ${pin} sudah dipakai karyawan lain`;

const touches = (i: PeopleInput) =>
  i.employeeNumber !== undefined || i.phone !== undefined || i.divisionId !== undefined || i.machinePin !== undefined;

/** Prisma include that lets toUserDto report the division's name. */
export const withDivision = { division: { select: { name: true } } } as const;

export async function applyPeople(tx: Tx, actor: SessionUser, userId: string, input: PeopleInput): Promise<void> {
  if (!touches(input)) return;
  const before = await tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { employeeNumber: true, phone: true, divisionId: true, machinePin: true },
  });
  if (input.machinePin) {
    const other = await tx.user.findUnique({ where: { machinePin: input.machinePin }, select: { id: true } });
    if (other && other.id !== userId) throw conflict(PIN_TAKEN(input.machinePin), 'DUPLICATE');
  }
  if (input.employeeNumber) {
    const other = await tx.user.findUnique({ where: { employeeNumber: input.employeeNumber }, select: { id: true } });
    if (other && other.id !== userId) throw conflict(NIK_TAKEN(input.employeeNumber), 'DUPLICATE');
  }
  if (input.divisionId && !(await tx.division.count({ where: { id: input.divisionId } })))
    throw badRequest('Divisi tidak ditemukan', 'VALIDATION', { divisionId: 'Divisi tidak ditemukan' });
  const data = {
    ...(input.employeeNumber !== undefined ? { employeeNumber: input.employeeNumber } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.divisionId !== undefined ? { divisionId: input.divisionId } : {}),
    ...(input.machinePin !== undefined ? { machinePin: input.machinePin } : {}),
  };
  const after = { ...before, ...data };
  if (JSON.stringify(after) === JSON.stringify(before)) return;
  await tx.user.update({ where: { id: userId }, data }).catch((err: unknown) => {
    if ((err as { code?: string; meta?: { target?: unknown } })?.code === 'P2002')
      throw conflict(
        String((err as { meta?: { target?: unknown } }).meta?.target ?? '').includes('machinePin')
          ? PIN_TAKEN(input.machinePin ?? '')
          : NIK_TAKEN(input.employeeNumber ?? ''),
        'DUPLICATE',
      );
    throw err;
  });
  await recordAudit(tx, { actor, kind: 'user.people', entity: 'User', entityId: userId, targetUserId: userId, before, after });
}
