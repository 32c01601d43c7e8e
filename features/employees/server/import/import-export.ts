// GET /api/users/export and GET /api/users/import/template (docs/onboarding.md): the import's columns, header
// in row 1, so an export edited and uploaded again is an import (CSV with ';', UTF-8 with a BOM, for Excel
// with Indonesian settings; XLSX with a second sheet 'Petunjuk' explaining each column).
import ExcelJS from 'exceljs';
import { db } from '@/lib/server/db';
import { dateToKey } from '@/lib/dates';
import { csvCell } from '@/lib/csv';
import { assertStaff } from '@/lib/server/auth/policy';
import type { SessionUser } from '@/lib/server/auth/session';
import { annualType } from '@/features/leave/server/leave-types';
import { IMPORT_COLUMNS, IMPORT_HEADERS, ROLE_LABEL } from '@/features/employees/validation/import';

const MIME = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

function fileResponse(format: 'xlsx' | 'csv', name: string, body: Uint8Array | string): Response {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(`\ufeff${body}`) : body;
  return new Response(bytes as BodyInit, {
    headers: {
      'Content-Type': MIME[format],
      'Content-Disposition': `attachment; filename="${name}.${format}"`,
      'Cache-Control': 'no-store',
    },
  });
}

async function workbook(rows: (string | number | null)[][], withHelp: boolean): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Karyawan', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow(IMPORT_HEADERS).font = { bold: true };
  ws.columns.forEach((c, i) => (c.width = Math.max(12, IMPORT_HEADERS[i]!.length + 4)));
  // Every cell is text (the '@' format): Excel keeps leading zeros of NIK and phone numbers.
  ws.columns.forEach((c, i) => (c.numFmt = IMPORT_COLUMNS[i]!.key === 'openingBalance' ? 'General' : '@'));
  for (const r of rows) ws.addRow(r);
  if (withHelp) {
    const help = wb.addWorksheet('Petunjuk');
    help.addRow(['Kolom', 'Wajib', 'Isi']).font = { bold: true };
    for (const c of IMPORT_COLUMNS) help.addRow([c.header, c.required ? 'Ya' : 'Tidak', c.help]);
    help.addRow([]);
    help.addRow([
      '',
      '',
      'Baris pertama lembar Karyawan adalah judul kolom; mulai data dari baris kedua. Hapus baris contoh sebelum mengimpor.',
    ]);
    help.addRow(['', '', 'Impor selalu diperiksa dulu (uji coba): tidak ada yang disimpan sebelum Anda menekan Simpan.']);
    help.getColumn(1).width = 26;
    help.getColumn(2).width = 8;
    help.getColumn(3).width = 110;
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const csv = (rows: (string | number | null)[][]) => [IMPORT_HEADERS, ...rows].map((r) => r.map(csvCell).join(';')).join('\r\n') + '\r\n';

export async function importTemplate(actor: SessionUser, format: 'xlsx' | 'csv'): Promise<Response> {
  assertStaff(actor);
  const example = IMPORT_COLUMNS.map((c) => c.example);
  return fileResponse(format, 'template-impor-karyawan', format === 'xlsx' ? await workbook([example], true) : csv([example]));
}

/** Every active account (not waiting for approval), in the import's columns; the balance is today's. */
export async function exportUsers(actor: SessionUser, format: 'xlsx' | 'csv'): Promise<Response> {
  assertStaff(actor);
  const [users, type] = await Promise.all([
    db.user.findMany({
      where: { pendingApproval: false, deactivatedAt: null },
      orderBy: [{ employeeNumber: 'asc' }, { name: 'asc' }],
      select: {
        id: true,
        employeeNumber: true,
        name: true,
        email: true,
        phone: true,
        position: true,
        role: true,
        joinDate: true,
        division: { select: { name: true } },
        homeOffice: { select: { name: true } },
        schedule: { select: { name: true } },
        supervisor: { select: { employeeNumber: true } },
      },
    }),
    annualType(),
  ]);
  const balances = new Map<string, number>();
  if (type)
    for (const s of await db.leaveLedgerEntry.groupBy({ by: ['userId'], where: { leaveTypeId: type.id }, _sum: { days: true } }))
      balances.set(s.userId, Math.round((s._sum.days ?? 0) * 10000) / 10000);
  const rows = users.map((u) => [
    u.employeeNumber ?? '',
    u.name,
    u.email,
    u.phone ?? '',
    u.position,
    u.division?.name ?? '',
    u.homeOffice?.name ?? '',
    u.schedule?.name ?? '',
    u.supervisor?.employeeNumber ?? '',
    u.joinDate ? dateToKey(u.joinDate) : '',
    ROLE_LABEL[u.role],
    u.role === 'employee' && type ? (balances.get(u.id) ?? 0) : '',
  ]);
  const stamp = new Date().toISOString().slice(0, 10);
  return fileResponse(format, `karyawan-${stamp}`, format === 'xlsx' ? await workbook(rows, false) : csv(rows));
}
