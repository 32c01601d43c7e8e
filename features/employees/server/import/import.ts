// POST /api/users/import[?dryRun=1] (docs/onboarding.md): read the file, plan every row, and on a commit
// write it whole in one transaction (nothing when any row has an error), with one audit row for the import.
import { db } from '@/lib/server/db';
import { recordAudit } from '@/lib/server/audit';
import { assertStaff } from '@/lib/server/auth/policy';
import type { SessionUser } from '@/lib/server/auth/session';
import { readImportFile } from '@/features/employees/server/import/import-file';
import { readRows } from '@/features/employees/server/import/import-rows';
import { planImport, type Plan } from '@/features/employees/server/import/import-plan';
import { IMPORT_TX, writeOpeningBalances, writePeople } from '@/features/employees/server/import/import-commit';
import type { ImportBody } from '@/features/employees/validation/import';
import { inviteSending, issueInvite } from '@/features/employees/server/invites';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ImportResultDto } from '@/features/employees/types/import';
import { dateToKey } from '@/lib/dates';
import { closedMonthsNotice, type PeriodNotice } from '@/features/periods/server/period-notice';
import { closedMonthsNoticeMessage, nextMonth } from '@/features/periods/validation/periods';

type Tx = Prisma.TransactionClient;

/** Serialises imports: a second one waits for the first and then plans against its result. */
const IMPORT_LOCK = 31_0001;

/**
 * What the commit would note (the re-classification triggers, docs/periods.md): a new person reaches back to
 * their join date (or today), a changed office or schedule over the whole employment; the closed months among
 * them keep their days. (A join date moved over a closed month is a row error: import-plan.ts.) Null when none.
 */
async function foreseenNotice(plan: Plan): Promise<PeriodNotice | null> {
  const closed = (await db.period.findMany({ where: { status: 'closed' }, select: { month: true }, orderBy: { month: 'asc' } })).map(
    (p) => p.month,
  );
  if (!closed.length) return null;
  const today = dateToKey(new Date());
  const spans: [string, string][] = [];
  for (const p of plan.rows) {
    const { parsed: r, existing: e, dto } = p;
    if (dto.status === 'baru') spans.push([r.joinDate ?? today, today]);
    if (dto.status !== 'diubah' || !e) continue;
    if (dto.changes.includes('Kantor') || dto.changes.includes('Jadwal')) spans.push([r.joinDate ?? dateToKey(e.createdAt), today]);
  }
  const reached = closed.filter((m) => spans.some(([a, b]) => a.slice(0, 7) <= m && m <= b.slice(0, 7)));
  if (!reached.length) return null;
  return { from: `${nextMonth(reached.at(-1)!)}-01`, closedMonths: reached, message: closedMonthsNoticeMessage(reached) };
}

type Invites = ImportResultDto['invites'];

/** With `sendInvites`: an activation link for each new person, queued on e-mail / WhatsApp in the import's transaction. */
async function inviteNewPeople(tx: Tx, actor: SessionUser, plan: Plan, origin: string, filename: string): Promise<Invites> {
  const niks = plan.rows.filter((p) => p.dto.status === 'baru').map((p) => p.parsed.nik);
  const out = { created: 0, email: 0, whatsapp: 0 };
  if (!niks.length) return out;
  const people = await tx.user.findMany({
    where: { employeeNumber: { in: niks } },
    select: { id: true, name: true, email: true, phone: true },
    orderBy: { employeeNumber: 'asc' },
  });
  const sending = await inviteSending(tx, true);
  for (const p of people) {
    const issued = await issueInvite(tx, actor, p, origin, sending, { via: 'import', file: filename }, true);
    out.created++;
    for (const c of issued.sent) out[c]++;
  }
  return out;
}

const invitesLine = (i: NonNullable<Invites>) =>
  `; ${i.created} tautan aktivasi dibuat (${i.email} lewat e-mail, ${i.whatsapp} lewat WhatsApp)`;

function result(
  plan: Plan,
  dryRun: boolean,
  committed: boolean,
  periodNotice: PeriodNotice | null = null,
  invites: Invites = null,
): ImportResultDto {
  const rows = [...plan.rows.map((r) => r.dto), ...plan.skipped].sort((a, b) => a.row - b.row);
  const count = (s: string) => rows.filter((r) => r.status === s).length;
  const counts = {
    total: rows.length,
    baru: count('baru'),
    diubah: count('diubah'),
    tanpaPerubahan: count('tanpa_perubahan'),
    galat: count('galat'),
  };
  const message = plan.errors.length
    ? `${plan.errors.length} kesalahan di ${counts.galat} baris: perbaiki berkas lalu unggah lagi. Belum ada yang disimpan.`
    : committed
      ? `Impor selesai: ${counts.baru} baru, ${counts.diubah} diubah, ${counts.tanpaPerubahan} tanpa perubahan${invites ? invitesLine(invites) : ''}`
      : `Siap diimpor: ${counts.baru} baru, ${counts.diubah} diubah, ${counts.tanpaPerubahan} tanpa perubahan. Belum ada yang disimpan.`;
  return { dryRun, committed, counts, newDivisions: plan.newDivisions, rows, errors: plan.errors, message, periodNotice, invites };
}

export async function importUsers(actor: SessionUser, body: ImportBody, dryRun: boolean, origin: string): Promise<ImportResultDto> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat mengimpor karyawan.');
  const grid = await readImportFile(body.file);
  const parsed = readRows(grid.rows);
  const filename = (body.filename ?? 'impor').slice(0, 255);
  if (dryRun) {
    const plan = await planImport(db, actor, parsed);
    return result(plan, true, false, plan.errors.length ? null : await foreseenNotice(plan));
  }
  const out = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`;
    const plan = await planImport(tx, actor, parsed);
    if (plan.errors.length) return { plan, periodNotice: null, invites: null };
    const balances = await writePeople(tx, actor, plan, filename);
    const opening = plan.annualTypeId ? await writeOpeningBalances(tx, actor, plan.annualTypeId, balances) : 0;
    const invites = body.sendInvites ? await inviteNewPeople(tx, actor, plan, origin, filename) : null;
    const r = result(plan, false, true);
    await recordAudit(tx, {
      actor,
      kind: 'user.import',
      entity: 'User',
      after: {
        file: filename,
        type: grid.kind,
        ...r.counts,
        newDivisions: plan.newDivisions,
        openingBalances: opening,
        ...(invites ? { invites } : {}),
      },
      note: filename,
    });
    // The closed months the new and changed people's days would have reached (noted by the triggers).
    return { plan, periodNotice: await closedMonthsNotice(tx), invites };
  }, IMPORT_TX);
  return result(out.plan, false, !out.plan.errors.length, out.periodNotice, out.invites);
}
