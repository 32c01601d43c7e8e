// Divisi (docs/onboarding.md): a small table admin and HR manage; people point at one (User.divisionId).
// A name is unique whatever its case (a unique index on lower(name)); deleting a division leaves its
// people without one (ON DELETE SET NULL), which the answer says.
import { db } from '@/lib/server/db';
import { conflict, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { assertStaff } from '@/lib/server/auth/policy';
import type { SessionUser } from '@/lib/server/auth/session';
import type { DivisionInput } from '@/features/divisions/validation/divisions';
import type { DivisionDto } from '@/features/divisions/types/divisions';

const NAME_TAKEN = (name: string) => `Divisi "${name}" sudah ada`;

/** A unique violation (the lower(name) index) reads as the same 409 as the check before it. */
function mapTaken(name: string) {
  return (err: unknown): never => {
    if ((err as { code?: string })?.code === 'P2002' || /Division_name_lower_key/.test(String((err as Error)?.message)))
      throw conflict(NAME_TAKEN(name), 'DUPLICATE');
    throw err;
  };
}

export async function listDivisions(actor: SessionUser): Promise<DivisionDto[]> {
  assertStaff(actor);
  const rows = await db.division.findMany({ orderBy: { name: 'asc' }, include: { _count: { select: { users: true } } } });
  return rows.map((d) => ({ id: d.id, name: d.name, memberCount: d._count.users }));
}

async function assertNameFree(name: string, exceptId: string | null) {
  const [other] = await db.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM "Division" WHERE lower(name) = lower(${name}) LIMIT 1`;
  if (other && other.id !== exceptId) throw conflict(NAME_TAKEN(name), 'DUPLICATE');
}

export async function createDivision(actor: SessionUser, input: DivisionInput): Promise<DivisionDto> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat mengelola divisi.');
  await assertNameFree(input.name, null);
  const created = await db
    .$transaction(async (tx) => {
      const d = await tx.division.create({ data: { name: input.name } });
      await recordAudit(tx, { actor, kind: 'division.create', entity: 'Division', entityId: d.id, after: { name: d.name } });
      return d;
    })
    .catch(mapTaken(input.name));
  return { id: created.id, name: created.name, memberCount: 0 };
}

export async function updateDivision(actor: SessionUser, id: string, input: DivisionInput): Promise<DivisionDto> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat mengelola divisi.');
  await assertNameFree(input.name, id);
  return db
    .$transaction(async (tx) => {
      const before = await tx.division.findUnique({ where: { id } });
      if (!before) throw notFound('Divisi tidak ditemukan');
      const d = await tx.division.update({ where: { id }, data: { name: input.name }, include: { _count: { select: { users: true } } } });
      await recordAudit(tx, {
        actor,
        kind: 'division.update',
        entity: 'Division',
        entityId: id,
        before: { name: before.name },
        after: { name: d.name },
      });
      return { id: d.id, name: d.name, memberCount: d._count.users };
    })
    .catch(mapTaken(input.name));
}

export async function deleteDivision(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat mengelola divisi.');
  return db.$transaction(async (tx) => {
    const before = await tx.division.findUnique({ where: { id }, include: { _count: { select: { users: true } } } });
    if (!before) throw notFound('Divisi tidak ditemukan');
    await tx.division.delete({ where: { id } });
    await recordAudit(tx, {
      actor,
      kind: 'division.delete',
      entity: 'Division',
      entityId: id,
      before: { name: before.name, members: before._count.users },
    });
    const left = before._count.users;
    return { message: left ? `Divisi ${before.name} dihapus; ${left} karyawan kini tanpa divisi` : `Divisi ${before.name} dihapus` };
  });
}
