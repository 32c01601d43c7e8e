// Terminals as the admin sees them (docs/terminals.md): every serial number that ever called, pending
// ones to accept (with an office) or delete, and the PINs the machines sent that nobody carries.
import { db } from '@/lib/server/db';
import { notFound, unprocessable } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertAdmin, assertStaff } from '@/lib/server/auth/policy';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { TerminalUpdateInput } from '@/features/terminals/validation/terminals';
import type { TerminalDto, TerminalListDto, UnknownPinDto } from '@/features/terminals/types/terminals';

const ADMIN_ONLY = 'Hanya administrator yang dapat mengelola mesin absensi.';

type Row = Prisma.TerminalGetPayload<{ include: { office: true; _count: { select: { punches: true } } } }>;

function toDto(t: Row): TerminalDto {
  return {
    id: t.id,
    serialNumber: t.serialNumber,
    name: t.name,
    status: t.status,
    office: t.office ? { id: t.office.id, name: t.office.name, timezone: t.office.timezone } : null,
    lastSeenAt: t.lastSeenAt?.toISOString() ?? null,
    lastIp: t.lastIp,
    pushVersion: t.pushVersion,
    acceptedAt: t.acceptedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    punches: t._count.punches,
  };
}

const INCLUDE = { office: true, _count: { select: { punches: true } } } as const;

/** GET /api/terminals: admins and HR (HR reads the unknown PINs to give them to people). */
export async function listTerminals(actor: SessionUser): Promise<TerminalListDto> {
  assertStaff(actor);
  const [terminals, unknown] = await Promise.all([
    db.terminal.findMany({ include: INCLUDE, orderBy: [{ status: 'asc' }, { createdAt: 'asc' }] }),
    db.$queryRaw<{ pin: string; punches: number; firstAt: Date; lastAt: Date; offices: string[] }[]>`
      SELECT m.pin, count(*)::int AS punches, min(m."punchedAt") AS "firstAt", max(m."punchedAt") AS "lastAt",
             array_agg(DISTINCT o.name ORDER BY o.name) AS offices
        FROM "MachinePunch" m JOIN "Office" o ON o.id = m."officeId"
       WHERE m.state = 'unknown_pin'
       GROUP BY m.pin ORDER BY max(m."punchedAt") DESC, m.pin LIMIT 500`,
  ]);
  const unknownPins: UnknownPinDto[] = unknown.map((u) => ({ ...u, firstAt: u.firstAt.toISOString(), lastAt: u.lastAt.toISOString() }));
  return { terminals: terminals.map(toDto), unknownPins };
}

const auditable = (t: { serialNumber: string; name: string | null; status: string; officeId: string | null }) => ({
  serialNumber: t.serialNumber,
  name: t.name,
  status: t.status,
  officeId: t.officeId,
});

/** PUT /api/terminals/{id}: accept a pending terminal (it needs an office), rename it or move it. */
export async function updateTerminal(actor: SessionUser, id: string, input: TerminalUpdateInput): Promise<TerminalDto> {
  assertAdmin(actor, ADMIN_ONLY);
  return db.$transaction(async (tx) => {
    const before = await tx.terminal.findUnique({ where: { id } });
    if (!before) throw notFound('Mesin absensi tidak ditemukan');
    const office = await tx.office.findUnique({ where: { id: input.officeId } });
    if (!office || !office.active) throw unprocessable('Kantor tidak ditemukan atau tidak aktif');
    const accepting = before.status === 'pending' && input.accepted === true;
    const after = await tx.terminal.update({
      where: { id },
      data: {
        name: input.name,
        officeId: office.id,
        ...(accepting ? { status: 'accepted', acceptedAt: new Date() } : {}),
      },
      include: INCLUDE,
    });
    await recordAudit(tx, {
      actor,
      kind: accepting ? 'terminal.accept' : 'terminal.update',
      entity: 'Terminal',
      entityId: id,
      before: auditable(before),
      after: auditable(after),
    });
    return toDto(after);
  });
}

/**
 * DELETE /api/terminals/{id}: forgets the terminal (a pending one: refused). Its punches stay as facts;
 * if it calls again it is pending again.
 */
export async function deleteTerminal(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertAdmin(actor, ADMIN_ONLY);
  return db.$transaction(async (tx) => {
    const before = await tx.terminal.findUnique({ where: { id } });
    if (!before) throw notFound('Mesin absensi tidak ditemukan');
    await tx.terminal.delete({ where: { id } });
    await recordAudit(tx, { actor, kind: 'terminal.delete', entity: 'Terminal', entityId: id, before: auditable(before) });
    return { message: 'Mesin absensi dihapus' };
  });
}
