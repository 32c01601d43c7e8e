// The dry run (docs/onboarding.md): every row of the file against the company as it is now, without
// writing: new, changed (which columns) or unchanged, and every error with its row, column and reason.
// The commit runs this same plan inside its transaction and writes only when it has no error.
import type { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/server/db';
import { addDays, dateToKey } from '@/lib/dates';
import { periodLabel } from '@/features/periods/validation/periods';
import { annualType } from '@/features/leave/server/leave-types';
import { IMPORT_COLUMNS, type ImportColumnKey } from '@/features/employees/validation/import';
import type { ImportError, ImportRowDto } from '@/features/employees/types/import';
import type { ParsedRow } from '@/features/employees/server/import/import-rows';

type Client = Prisma.TransactionClient | typeof db;
const HEADER_OF = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, c.header])) as Record<ImportColumnKey, string>;

export type Existing = {
  id: string;
  employeeNumber: string | null;
  email: string;
  name: string;
  position: string;
  phone: string | null;
  role: 'employee' | 'hr' | 'admin';
  divisionId: string | null;
  homeOfficeId: string | null;
  scheduleId: string | null;
  supervisorId: string | null;
  joinDate: Date | null;
  createdAt: Date;
};

/** One row's outcome: who it is (an existing id or new), the values to store, and the balance target. */
export type PlannedRow = {
  parsed: ParsedRow;
  existing: Existing | null;
  divisionKey: string | null;
  officeId: string | null;
  scheduleId: string | null;
  balanceBefore: number;
  dto: ImportRowDto;
};

export type Plan = {
  rows: PlannedRow[];
  /** Rows with nothing to do that are no one's import (an account without a NIK, left without one). */
  skipped: ImportRowDto[];
  errors: ImportError[];
  newDivisions: string[];
  divisionIds: Map<string, string>;
  annualTypeId: string | null;
};

export async function planImport(
  client: Client,
  actor: { role: string },
  input: { rows: ParsedRow[]; errors: ImportError[]; present: Set<ImportColumnKey> },
): Promise<Plan> {
  const errors = [...input.errors];
  const has = (k: ImportColumnKey) => input.present.has(k);
  const [users, offices, schedules, divisions, type, closedPeriods] = await Promise.all([
    client.user.findMany({
      where: { pendingApproval: false },
      select: {
        id: true,
        employeeNumber: true,
        email: true,
        name: true,
        position: true,
        phone: true,
        role: true,
        divisionId: true,
        homeOfficeId: true,
        scheduleId: true,
        supervisorId: true,
        joinDate: true,
        createdAt: true,
      },
    }),
    client.office.findMany({ select: { id: true, name: true, active: true } }),
    client.workSchedule.findMany({ select: { id: true, name: true, active: true } }),
    client.division.findMany({ select: { id: true, name: true } }),
    annualType(client),
    client.period.findMany({ where: { status: 'closed' }, select: { month: true }, orderBy: { month: 'asc' } }),
  ]);
  const closedMonths = closedPeriods.map((p) => p.month);
  const byNik = new Map(users.filter((u) => u.employeeNumber).map((u) => [u.employeeNumber!, u]));
  const byEmail = new Map(users.map((u) => [u.email, u]));
  const nikOfId = new Map(users.map((u) => [u.id, u.employeeNumber]));
  const officeByName = new Map(offices.filter((o) => o.active).map((o) => [o.name.trim().toLowerCase(), o.id]));
  const scheduleByName = new Map(schedules.filter((s) => s.active).map((s) => [s.name.trim().toLowerCase(), s.id]));
  const divisionIds = new Map(divisions.map((d) => [d.name.toLowerCase(), d.id]));
  const newDivisions = new Map<string, string>();

  const balances = new Map<string, number>();
  if (type && has('openingBalance')) {
    const sums = await client.leaveLedgerEntry.groupBy({ by: ['userId'], where: { leaveTypeId: type.id }, _sum: { days: true } });
    for (const s of sums) balances.set(s.userId, Math.round((s._sum.days ?? 0) * 10000) / 10000);
  }

  const seenNik = new Map<string, number>();
  const seenEmail = new Map<string, number>();
  const fileNiks = new Set(input.rows.filter((r) => r.nik).map((r) => r.nik));
  const planned: PlannedRow[] = [];
  const skipped: ImportRowDto[] = [];
  for (const r of input.rows) {
    const err = (k: ImportColumnKey, message: string) => (errors.push({ row: r.row, column: HEADER_OF[k], message }), (r.ok = false));
    if (!r.nik) {
      const same = r.email ? byEmail.get(r.email) : undefined;
      // An account without a NIK in the company, exported and left without one: nothing to do.
      if (r.ok && same && !same.employeeNumber) {
        skipped.push({ row: r.row, nik: '', name: r.name, status: 'tanpa_perubahan', changes: [] });
        continue;
      }
      err('nik', 'NIK harus diisi');
    }
    if (r.nik && seenNik.has(r.nik)) err('nik', `NIK ${r.nik} ganda: sudah ada di baris ${seenNik.get(r.nik)}`);
    else if (r.nik) seenNik.set(r.nik, r.row);
    if (r.email) {
      if (seenEmail.has(r.email)) err('email', `Email ganda: sudah ada di baris ${seenEmail.get(r.email)}`);
      else seenEmail.set(r.email, r.row);
    }
    let existing: Existing | null = byNik.get(r.nik) ?? null;
    const owner = r.email ? byEmail.get(r.email) : undefined;
    // An account from before NIK existed is matched by its email and gets the number.
    if (!existing && owner && !owner.employeeNumber) existing = owner;
    if (owner && existing?.id !== owner.id)
      err('email', `Email sudah terdaftar${owner.employeeNumber ? ` atas NIK ${owner.employeeNumber}` : ''}`);
    if (actor.role !== 'admin') {
      if (r.role !== 'employee') err('role', 'HR hanya dapat mengimpor karyawan dengan peran Karyawan');
      if (existing && existing.role !== 'employee')
        err(
          'nik',
          `NIK ${r.nik} milik akun ${existing.role === 'admin' ? 'administrator' : 'HR'}: hanya administrator yang dapat mengubahnya`,
        );
    }
    if (existing?.role === 'admin' && r.role !== 'admin') err('role', 'Peran administrator tidak dapat diubah lewat impor');
    const officeId = r.office ? (officeByName.get(r.office.toLowerCase()) ?? null) : null;
    if (r.office && !officeId) err('office', `Kantor "${r.office}" tidak ditemukan`);
    const scheduleId = r.schedule ? (scheduleByName.get(r.schedule.toLowerCase()) ?? null) : null;
    if (r.schedule && !scheduleId) err('schedule', `Jadwal "${r.schedule}" tidak ditemukan atau tidak aktif`);
    if (r.supervisorNik) {
      if (r.supervisorNik === r.nik) err('supervisor', 'Karyawan tidak dapat menjadi atasannya sendiri');
      else if (!fileNiks.has(r.supervisorNik) && !byNik.has(r.supervisorNik))
        err('supervisor', `Atasan dengan NIK ${r.supervisorNik} tidak ada di berkas maupun di perusahaan`);
    }
    const divisionKey = r.division ? r.division.toLowerCase() : null;
    if (r.division && divisionKey && !divisionIds.has(divisionKey) && !newDivisions.has(divisionKey))
      newDivisions.set(divisionKey, r.division);
    planned.push({
      parsed: r,
      existing,
      divisionKey,
      officeId,
      scheduleId,
      balanceBefore: existing ? (balances.get(existing.id) ?? 0) : 0,
      dto: { row: r.row, nik: r.nik, name: r.name, status: 'baru', changes: [] },
    });
  }

  // Supervisors as they will be: the file's word for its people, the company's for the others.
  const supOf = new Map<string, string | null>();
  for (const u of users) if (u.employeeNumber) supOf.set(u.employeeNumber, u.supervisorId ? (nikOfId.get(u.supervisorId) ?? null) : null);
  for (const p of planned) if (has('supervisor')) supOf.set(p.parsed.nik, p.parsed.supervisorNik);
  for (const p of planned) {
    const path = [p.parsed.nik];
    let at = supOf.get(p.parsed.nik) ?? null;
    while (at && path.length <= supOf.size + 1) {
      if (at === p.parsed.nik) {
        errors.push({ row: p.parsed.row, column: HEADER_OF.supervisor, message: `Atasan berputar: ${[...path, at].join(' → ')}` });
        p.parsed.ok = false;
        break;
      }
      if (path.includes(at)) break;
      path.push(at);
      at = supOf.get(at) ?? null;
    }
  }

  for (const p of planned) {
    const { parsed: r, existing: e } = p;
    if (!r.ok) {
      p.dto.status = 'galat';
      continue;
    }
    if (!e) continue;
    const changes: string[] = [];
    const diff = (k: ImportColumnKey, before: unknown, after: unknown) => {
      if (has(k) && (before ?? null) !== (after ?? null)) changes.push(HEADER_OF[k]);
    };
    diff('nik', e.employeeNumber, r.nik);
    diff('name', e.name, r.name);
    diff('email', e.email, r.email);
    diff('phone', e.phone, r.phone);
    diff('position', e.position, r.position);
    diff('division', e.divisionId, p.divisionKey ? (divisionIds.get(p.divisionKey) ?? `new:${p.divisionKey}`) : null);
    diff('office', e.homeOfficeId, p.officeId);
    diff('schedule', e.scheduleId, p.scheduleId);
    diff('supervisor', e.supervisorId ? nikOfId.get(e.supervisorId) : null, r.supervisorNik);
    diff('joinDate', e.joinDate ? dateToKey(e.joinDate) : null, r.joinDate);
    // A join date moved over a closed month would change its days: refused, as the employee form is (the
    // database's period guard); the days between the old and the new start must lie in open months.
    if (changes.includes(HEADER_OF.joinDate)) {
      const [a, b] = [dateToKey(e.joinDate ?? e.createdAt), r.joinDate ?? dateToKey(e.createdAt)].sort() as [string, string];
      const hit = a < b ? closedMonths.find((m) => a.slice(0, 7) <= m && m <= addDays(b, -1).slice(0, 7)) : undefined;
      if (hit) {
        errors.push({
          row: r.row,
          column: HEADER_OF.joinDate,
          message: `Periode ${periodLabel(hit)} sudah ditutup: tanggal bergabung tidak dapat dipindah melewati periode itu`,
        });
        r.ok = false;
        p.dto.status = 'galat';
        p.dto.changes = [];
        continue;
      }
    }
    diff('role', e.role, r.role);
    if (r.openingBalance !== null && type && Math.abs(p.balanceBefore - r.openingBalance) > 0.00001) changes.push(HEADER_OF.openingBalance);
    p.dto.changes = changes;
    p.dto.status = changes.length ? 'diubah' : 'tanpa_perubahan';
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows: planned, skipped, errors, newDivisions: [...newDivisions.values()], divisionIds, annualTypeId: type?.id ?? null };
}
