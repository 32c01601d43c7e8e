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

/**
 * Audit rows written as unnested arrays, like the ledger rows (insertLedgerRows): a createMany of a few
 * hundred rows kept Prisma's plan of it (every value) for the process's life, and the 5,000-row import's
 * peak memory grew with it (docs/onboarding.md, "Memory by file size").
 */
export async function insertAuditRows(tx: Tx, rows: readonly Prisma.AuditLogCreateManyInput[]): Promise<void> {
  if (!rows.length) return;
  const col = <T>(f: (r: Prisma.AuditLogCreateManyInput) => T) => rows.map(f);
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  await tx.$executeRaw`
    INSERT INTO "AuditLog" ("actorId", "actorName", "actorRole", kind, entity, "entityId", "targetUserId", "before", "after", note, ip)
    SELECT v.a::uuid, v.an, v.ar, v.k, v.e, v.ei, v.t::uuid, v.b::jsonb, v.af::jsonb, v.n, v.ip
    FROM unnest(${col((r) => r.actorId ?? null)}::text[], ${col((r) => r.actorName ?? null)}::text[], ${col((r) => r.actorRole ?? null)}::text[],
                ${col((r) => r.kind)}::text[], ${col((r) => r.entity)}::text[], ${col((r) => r.entityId ?? null)}::text[],
                ${col((r) => r.targetUserId ?? null)}::text[], ${col((r) => json(r.before))}::text[], ${col((r) => json(r.after))}::text[],
                ${col((r) => r.note ?? null)}::text[], ${col((r) => r.ip ?? null)}::text[])
         AS v(a, an, ar, k, e, ei, t, b, af, n, ip)`;
}

type NewUser = {
  id: string;
  employeeNumber: string;
  name: string;
  email: string;
  phone: string | null;
  position: string;
  role: 'employee' | 'hr' | 'admin';
  divisionId: string | null;
  homeOfficeId: string | null;
  scheduleId: string | null;
  joinDate: string | null;
  onPayroll: boolean;
};

/** New people, one statement per group (the same unnested arrays); one password hash for all of them. */
async function insertUsers(tx: Tx, rows: readonly NewUser[], passwordHash: string, mustChangePassword: boolean): Promise<void> {
  if (!rows.length) return;
  const col = <T>(f: (r: NewUser) => T) => rows.map(f);
  await tx.$executeRaw`
    INSERT INTO "User" (id, "employeeNumber", name, email, phone, position, role, "divisionId", "homeOfficeId", "scheduleId", "joinDate",
                        "onPayroll", "passwordHash", "mustChangePassword", "updatedAt")
    SELECT v.id::uuid, v.nik, v.name, v.email, v.phone, v.position, v.role::"Role", v.d::uuid, v.o::uuid, v.s::uuid, v.j::date, v.pay,
           ${passwordHash}::text, ${mustChangePassword}::boolean, now()
    FROM unnest(${col((r) => r.id)}::text[], ${col((r) => r.employeeNumber)}::text[], ${col((r) => r.name)}::text[],
                ${col((r) => r.email)}::text[], ${col((r) => r.phone)}::text[], ${col((r) => r.position)}::text[], ${col((r) => r.role)}::text[],
                ${col((r) => r.divisionId)}::text[], ${col((r) => r.homeOfficeId)}::text[], ${col((r) => r.scheduleId)}::text[],
                ${col((r) => r.joinDate)}::text[], ${col((r) => r.onPayroll)}::boolean[])
         AS v(id, nik, name, email, phone, position, role, d, o, s, j, pay)`;
}

/**
 * Writes the plan's people in `tx`, PEOPLE_PER_PASS rows of the file at a time: each group's new people,
 * changed people and their audit rows are written before the next group is built, so what is held is one
 * group's, however long the file. Answers the ids of the people whose balance the file states.
 */
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
  // An account matched by its email gets its number now; a new person's id is chosen here, so a row may name
  // as its atasan someone a later group creates.
  for (const p of plan.rows) {
    if (p.existing) idOfNik.set(p.parsed.nik, p.existing.id);
    else if (p.dto.status === 'baru') idOfNik.set(p.parsed.nik, randomUUID());
  }
  const balances: { id: string; target: number }[] = [];
  for (let i = 0; i < plan.rows.length; i += PEOPLE_PER_PASS) {
    const creates: NewUser[] = [];
    const audits: Prisma.AuditLogCreateManyInput[] = [];
    for (const p of plan.rows.slice(i, i + PEOPLE_PER_PASS)) {
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
        const id = idOfNik.get(r.nik)!;
        creates.push({ id, ...values, joinDate: r.joinDate, onPayroll: r.role !== 'admin' });
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
    await insertUsers(tx, creates, passwordHash, byDefault);
    await insertAuditRows(tx, audits);
  }
  // Supervisors last, a group at a time: a row may name someone created by this same file.
  const sups = plan.rows.filter(
    (p) => p.parsed.ok && p.dto.status !== 'tanpa_perubahan' && (p.dto.status === 'baru' || p.dto.changes.includes('Atasan (NIK)')),
  );
  for (let i = 0; i < sups.length; i += PEOPLE_PER_PASS) {
    const group = sups.slice(i, i + PEOPLE_PER_PASS);
    const ids = group.map((p) => idOfNik.get(p.parsed.nik)!);
    const supIds = group.map((p) => (p.parsed.supervisorNik ? idOfNik.get(p.parsed.supervisorNik)! : null));
    await tx.$executeRaw`UPDATE "User" u SET "supervisorId" = v.sup::uuid FROM unnest(${ids}::text[], ${supIds}::text[]) AS v(id, sup) WHERE u.id = v.id::uuid`;
  }
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
    await insertAuditRows(tx, audits);
    written += entries.length;
  }
  return written;
}
