// Writing an import (docs/onboarding.md): the plan, made again inside one transaction (under a lock, so
// two imports never interleave), is written whole or not at all: new divisions, new people (one password
// hash for all: the default password when the company uses it, else an unusable one until an activation
// link is used), changed people, supervisors, and one audit row per changed person plus one for the import.
// Opening balances become ledger rows of their own kind (opening_balance) in the same transaction: the
// difference between the balance the ledger gives (its automatic rows made first) and the file's figure,
// so a second run writes none.
import { randomUUID } from 'node:crypto';
import type { Prisma } from '@/lib/generated/prisma/client';
import { getEnv } from '@/lib/env';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import { hashPassword } from '@/lib/server/auth/password';
import { recordAudit } from '@/lib/server/audit';
import { requestContext } from '@/lib/server/request-context';
import type { SessionUser } from '@/lib/server/auth/session';
import { PEOPLE_PER_PASS, ensureLedgers, insertLedgerRows } from '@/features/leave/server/leave-ledger-bulk';
import { todayKey } from '@/features/leave/lib/ledger-rules';
import type { Plan } from '@/features/employees/server/import/import-plan';

type Tx = Prisma.TransactionClient;
const round4 = (n: number) => Math.round(n * 10000) / 10000;
/** An unusable password: no bcrypt hash, so no password matches it until an activation link sets one. */
export const NO_PASSWORD = '!belum-diaktifkan';
export const IMPORT_TX = { maxWait: 10_000, timeout: 120_000 };

const auditRow = (actor: SessionUser, kind: string, targetUserId: string, before: unknown, after: unknown, note?: string) => ({
  actorId: actor.id,
  actorName: actor.name,
  actorRole: actor.role,
  kind,
  entity: 'User',
  entityId: targetUserId,
  targetUserId,
  before: before === undefined ? undefined : (JSON.parse(JSON.stringify(before)) as Prisma.InputJsonValue),
  after: JSON.parse(JSON.stringify(after)) as Prisma.InputJsonValue,
  note: note ?? null,
  ip: requestContext()?.ip ?? null,
});

/** Writes the plan's people in `tx`; answers the ids of the people whose balance the file states. */
export async function writePeople(tx: Tx, actor: SessionUser, plan: Plan, filename: string): Promise<{ id: string; target: number }[]> {
  const divisionIds = new Map(plan.divisionIds);
  for (const name of plan.newDivisions) {
    const d = await tx.division.create({ data: { name } });
    divisionIds.set(name.toLowerCase(), d.id);
    await recordAudit(tx, { actor, kind: 'division.create', entity: 'Division', entityId: d.id, after: { name, via: 'import' } });
  }
  const settings = await tx.settings.findUnique({ where: { id: 1 }, select: { defaultPasswordOnboarding: true } });
  const byDefault = settings?.defaultPasswordOnboarding ?? true;
  const passwordHash = byDefault ? await hashPassword(getEnv().DEFAULT_EMPLOYEE_PASSWORD) : NO_PASSWORD;
  const idOfNik = new Map<string, string>();
  for (const u of await tx.user.findMany({ where: { employeeNumber: { not: null } }, select: { id: true, employeeNumber: true } }))
    idOfNik.set(u.employeeNumber!, u.id);
  // An account matched by its email gets its number now.
  for (const p of plan.rows) if (p.existing) idOfNik.set(p.parsed.nik, p.existing.id);
  const creates: Prisma.UserCreateManyInput[] = [];
  const audits: Prisma.AuditLogCreateManyInput[] = [];
  const balances: { id: string; target: number }[] = [];
  for (const p of plan.rows) {
    if (p.dto.status === 'tanpa_perubahan' && p.parsed.openingBalance === null) continue;
    const r = p.parsed;
    const values = {
      employeeNumber: r.nik,
      name: r.name,
      email: r.email,
      phone: r.phone,
      position: r.position,
      role: r.role,
      divisionId: p.divisionKey ? divisionIds.get(p.divisionKey)! : null,
      homeOfficeId: p.officeId,
      scheduleId: p.scheduleId,
      joinDate: r.joinDate ? dateKeyToDate(r.joinDate) : null,
    };
    if (p.dto.status === 'baru') {
      const id = randomUUID();
      idOfNik.set(r.nik, id);
      creates.push({ id, ...values, passwordHash, mustChangePassword: byDefault, onPayroll: r.role !== 'admin' });
      audits.push(auditRow(actor, 'user.create', id, undefined, { ...values, joinDate: r.joinDate, via: 'import' }, filename));
    } else if (p.dto.status === 'diubah' && p.existing) {
      const e = p.existing;
      const changed = Object.fromEntries(
        Object.entries(values).filter(([k, v]) => {
          const before = (e as Record<string, unknown>)[k];
          return (before instanceof Date ? dateToKey(before) : (before ?? null)) !== (v instanceof Date ? dateToKey(v) : v);
        }),
      );
      if (Object.keys(changed).length) {
        await tx.user.update({ where: { id: e.id }, data: { ...changed, ...(changed.role ? { tokenVersion: { increment: 1 } } : {}) } });
        const before = Object.fromEntries(Object.keys(changed).map((k) => [k, (e as Record<string, unknown>)[k]]));
        audits.push(auditRow(actor, 'user.update', e.id, before, { ...changed, via: 'import' }, filename));
      }
    }
    if (r.openingBalance !== null && plan.annualTypeId)
      balances.push({ id: p.existing?.id ?? idOfNik.get(r.nik)!, target: r.openingBalance });
  }
  for (let i = 0; i < creates.length; i += 1000) await tx.user.createMany({ data: creates.slice(i, i + 1000) });
  // Supervisors last: a row may name someone created by this same file.
  const sups = plan.rows.filter(
    (p) => p.parsed.ok && p.dto.status !== 'tanpa_perubahan' && (p.dto.status === 'baru' || p.dto.changes.includes('Atasan (NIK)')),
  );
  if (sups.length) {
    const ids = sups.map((p) => idOfNik.get(p.parsed.nik)!);
    const supIds = sups.map((p) => (p.parsed.supervisorNik ? idOfNik.get(p.parsed.supervisorNik)! : null));
    await tx.$executeRaw`UPDATE "User" u SET "supervisorId" = v.sup::uuid FROM unnest(${ids}::text[], ${supIds}::text[]) AS v(id, sup) WHERE u.id = v.id::uuid`;
  }
  for (let i = 0; i < audits.length; i += 1000) await tx.auditLog.createMany({ data: audits.slice(i, i + 1000) });
  return balances;
}

/**
 * Opening balances as ledger rows, in the import's transaction, PEOPLE_PER_PASS people at a time (so what is
 * held is one group's rows, however long the file): their automatic rows first (ensureLedgers), then their
 * balances (one query), then one `opening_balance` row per person whose balance differs from the file's
 * figure, dated the import day, each audited `leave.opening_balance`. Answers how many rows were written.
 */
export async function writeOpeningBalances(
  tx: Tx,
  actor: SessionUser,
  typeId: string,
  targets: { id: string; target: number }[],
): Promise<number> {
  const today = todayKey();
  let written = 0;
  for (let i = 0; i < targets.length; i += PEOPLE_PER_PASS) {
    const group = targets.slice(i, i + PEOPLE_PER_PASS);
    const ids = group.map((t) => t.id);
    await ensureLedgers(tx, ids, today);
    const sums = await tx.leaveLedgerEntry.groupBy({
      by: ['userId'],
      where: { userId: { in: ids }, leaveTypeId: typeId },
      _sum: { days: true },
    });
    const balance = new Map(sums.map((s) => [s.userId, round4(s._sum.days ?? 0)]));
    const entries: Prisma.LeaveLedgerEntryCreateManyInput[] = [];
    const audits: Prisma.AuditLogCreateManyInput[] = [];
    for (const t of group) {
      const before = balance.get(t.id) ?? 0;
      const days = round4(t.target - before);
      if (days === 0) continue;
      const id = randomUUID();
      entries.push({
        id,
        userId: t.id,
        leaveTypeId: typeId,
        kind: 'opening_balance',
        days,
        effectiveDate: dateKeyToDate(today),
        note: `Saldo awal dari impor: ${t.target} hari`,
        actorId: actor.id,
        actorName: actor.name,
      });
      audits.push({
        ...auditRow(actor, 'leave.opening_balance', t.id, { balance: before }, { balance: t.target, days }),
        entity: 'LeaveLedgerEntry',
        entityId: id,
      });
    }
    await insertLedgerRows(tx, entries);
    if (audits.length) await tx.auditLog.createMany({ data: audits });
    written += entries.length;
  }
  return written;
}
