// From the file's grid to typed rows (docs/onboarding.md): the header found by its words, each cell read
// and checked on its own (format errors with their row and column); what needs the database is import-plan.ts.
import { badRequest } from '@/lib/server/errors';
import { EMAIL_PATTERN } from '@/lib/validation/common';
import { normaliseEmployeeNumber, normalisePhone, EMPLOYEE_NUMBER_MSG, PHONE_MSG } from '@/features/employees/lib/people';
import {
  HEADER_ALIASES,
  IMPORT_COLUMNS,
  IMPORT_MESSAGES as M,
  ROLE_WORDS,
  headerKey,
  type ImportColumnKey,
} from '@/features/employees/validation/import';
import type { ImportError } from '@/features/employees/types/import';

export type ParsedRow = {
  row: number;
  nik: string;
  name: string;
  email: string;
  phone: string | null;
  position: string;
  division: string | null;
  office: string | null;
  schedule: string | null;
  supervisorNik: string | null;
  joinDate: string | null;
  role: 'employee' | 'hr' | 'admin';
  openingBalance: number | null;
  ok: boolean;
};

const HEADER_OF = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, c.header])) as Record<ImportColumnKey, string>;

/** Column index of each known header; the header must name at least NIK, Nama and Email. */
export function mapHeader(header: string[]): Partial<Record<ImportColumnKey, number>> {
  const at: Partial<Record<ImportColumnKey, number>> = {};
  header.forEach((h, i) => {
    const key = HEADER_ALIASES[headerKey(h)];
    if (key && at[key] === undefined) at[key] = i;
  });
  if (at.nik === undefined || at.name === undefined || at.email === undefined)
    throw badRequest(M.noHeader, 'VALIDATION', { file: M.noHeader });
  return at;
}

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** 'YYYY-MM-DD', 'DD/MM/YYYY' or 'DD-MM-YYYY' → 'YYYY-MM-DD' of a real day, else null. */
export function parseDate(v: string): string | null {
  const m = YMD.exec(v) ?? null;
  const d = m ? [m[1], m[2], m[3]] : DMY.exec(v)?.slice(1).reverse();
  if (!d) return null;
  const [y, mo, da] = d.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, da));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== da || y < 1950 || y > 2100) return null;
  return date.toISOString().slice(0, 10);
}

/** '12', '1,5', '1.5' → a number of days (0..366, in halves), else null. */
export function parseDays(v: string): number | null {
  if (!/^\d{1,3}([.,]\d+)?$/.test(v)) return null;
  const n = Number(v.replace(',', '.'));
  return n <= 366 && Number.isInteger(n * 2) ? n : null;
}

export function readRows(grid: string[][]): { rows: ParsedRow[]; errors: ImportError[]; present: Set<ImportColumnKey> } {
  const at = mapHeader(grid[0] ?? []);
  const errors: ImportError[] = [];
  const rows: ParsedRow[] = [];
  for (let i = 1; i < grid.length; i++) {
    const cells = grid[i]!;
    if (cells.every((c) => c.trim() === '')) continue;
    const rowNo = i + 1;
    const get = (k: ImportColumnKey) => (at[k] === undefined ? '' : (cells[at[k]!] ?? '').trim());
    let ok = true;
    const err = (k: ImportColumnKey, message: string) => (errors.push({ row: rowNo, column: HEADER_OF[k], message }), (ok = false));
    for (const k of Object.keys(at) as ImportColumnKey[])
      if (get(k).startsWith('=')) err(k, 'Rumus (formula) tidak diterima: tulis nilainya');
    const nikRaw = get('nik');
    const nik = nikRaw ? normaliseEmployeeNumber(nikRaw) : null;
    // No NIK: import-plan.ts decides (an account from before NIK existed, exported and left as it was, is skipped).
    if (nikRaw && !nik) err('nik', EMPLOYEE_NUMBER_MSG);
    const name = get('name');
    if (!name) err('name', 'Nama harus diisi');
    else if (name.length > 100) err('name', 'Nama maksimal 100 karakter');
    const email = get('email').toLowerCase();
    if (!email) err('email', 'Email harus diisi');
    else if (!EMAIL_PATTERN.test(email) || email.length > 254) err('email', 'Format email tidak valid');
    const phoneRaw = get('phone');
    const phone = phoneRaw ? normalisePhone(phoneRaw) : null;
    if (phoneRaw && !phone) err('phone', PHONE_MSG);
    const position = get('position');
    if (at.position !== undefined && !position) err('position', 'Jabatan harus diisi');
    else if (position.length > 100) err('position', 'Jabatan maksimal 100 karakter');
    const joinRaw = get('joinDate');
    const joinDate = joinRaw ? parseDate(joinRaw) : null;
    if (joinRaw && !joinDate) err('joinDate', `"${joinRaw}" bukan tanggal: tulis YYYY-MM-DD atau DD/MM/YYYY`);
    const roleRaw = get('role');
    const role = roleRaw ? ROLE_WORDS[roleRaw.toLowerCase()] : 'employee';
    if (!role) err('role', `Peran "${roleRaw}" tidak dikenal: Karyawan, HR atau Administrator`);
    const balRaw = get('openingBalance');
    const openingBalance = balRaw ? parseDays(balRaw) : null;
    if (balRaw && openingBalance === null) err('openingBalance', 'Saldo cuti harus angka hari antara 0 dan 366 (boleh setengah: 1,5)');
    const supRaw = get('supervisor');
    const supervisorNik = supRaw ? normaliseEmployeeNumber(supRaw) : null;
    if (supRaw && !supervisorNik) err('supervisor', EMPLOYEE_NUMBER_MSG);
    rows.push({
      row: rowNo,
      nik: nik ?? nikRaw,
      name,
      email,
      phone,
      position,
      division: get('division').replace(/\s+/g, ' ') || null,
      office: get('office') || null,
      schedule: get('schedule') || null,
      supervisorNik,
      joinDate,
      role: role ?? 'employee',
      openingBalance,
      ok,
    });
  }
  if (rows.length === 0) throw badRequest(M.noRows, 'VALIDATION', { file: M.noRows });
  return { rows, errors, present: new Set(Object.keys(at) as ImportColumnKey[]) };
}
