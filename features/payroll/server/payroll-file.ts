// File penggajian (docs/exports.md): GET /api/recap/payroll?month&preset&format=csv|xlsx. Only a closed
// month: it reads the recap's snapshot (docs/recap.md), so the file is the same every time it is
// downloaded — the XLSX's document dates and zip entry times are the snapshot's time, not the download's.
// One row per payroll member, keyed by the employee number (NIK), ordered by NIK then name.
import ExcelJS from 'exceljs';
import { db } from '@/lib/server/db';
import { conflict } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { csvCell } from '@/lib/csv';
import { dateKeyToDate, monthBounds } from '@/lib/dates';
import { exportHeaders } from '@/lib/server/export';
import { BOM } from '@/lib/server/export/csv';
import { recapOf, type RecapRow } from '@/features/recap/server/recap';
import { periodLabel } from '@/features/periods/validation/periods';
import { formatDate, formatNumber, payrollColumn, type PayrollPresetShape } from '@/features/payroll/lib/columns';
import { presetOf } from '@/features/payroll/server/payroll-presets';
import { fixZipTimes } from '@/features/payroll/server/zip-times';
import type { PayrollFileQuery } from '@/features/payroll/validation/payroll';

export const periodNotClosed = (month: string) =>
  `Periode ${periodLabel(month)} belum ditutup. Tutup periode terlebih dahulu sebelum mengunduh file penggajian.`;

type Context = { first: string; last: string; paid: Map<string, boolean>; cutiPengganti: Set<string> };
type Value = string | number | null;

const hoursOf = (r: RecapRow, multiplier: number) => r.overtime.classes.find((c) => c.multiplier === multiplier)?.hours ?? 0;
const round2 = (n: number) => Math.round(n * 100) / 100;
function leaveSum(r: RecapRow, keep: (name: string) => boolean): number {
  return round2(Object.entries(r.leaveByType).reduce((s, [name, days]) => s + (keep(name) ? days : 0), 0));
}

/** A column's value in a row. A leave type the settings no longer know counts as paid. */
function valueOf(key: string, r: RecapRow, c: Context): Value {
  switch (key) {
    case 'employeeNumber':
      return r.employeeNumber ?? null;
    case 'name':
      return r.name;
    case 'email':
      return r.email;
    case 'position':
      return r.position;
    case 'office':
      return r.officeName;
    case 'division':
      return r.division ?? null;
    case 'periodStart':
      return c.first;
    case 'periodEnd':
      return c.last;
    case 'leavePaid':
      return leaveSum(r, (name) => c.paid.get(name) ?? true);
    case 'leaveUnpaid':
      return leaveSum(r, (name) => c.paid.get(name) === false);
    case 'cutiPengganti':
      return leaveSum(r, (name) => c.cutiPengganti.has(name));
    case 'overtime1_5':
      return hoursOf(r, 1.5);
    case 'overtime2':
      return hoursOf(r, 2);
    case 'overtime3':
      return hoursOf(r, 3);
    case 'overtime4':
      return hoursOf(r, 4);
    case 'overtimeHours':
      return round2(r.overtime.payableMinutes / 60);
    case 'overtimeEquivalentHours':
      return r.overtime.equivalentHours;
    default:
      return (r as unknown as Record<string, number>)[key] ?? null;
  }
}

function csvFile(p: PayrollPresetShape, rows: RecapRow[], c: Context): Buffer {
  const lines = [p.columns.map((col) => csvCell(col.header)).join(p.csvSeparator)];
  for (const r of rows)
    lines.push(
      p.columns
        .map((col) => {
          const v = valueOf(col.key, r, c);
          const type = payrollColumn(col.key)?.type;
          if (v === null) return csvCell('');
          if (type === 'number') return csvCell(formatNumber(Number(v), p));
          if (type === 'date') return csvCell(formatDate(String(v), p.dateFormat));
          return csvCell(v);
        })
        .join(p.csvSeparator),
    );
  return Buffer.from(BOM + lines.join('\r\n') + '\r\n', 'utf8');
}

const NUMBER_FORMATS: Record<string, string> = { '0': '0', '1': '0.0', '2': '0.00' };

async function xlsxFile(p: PayrollPresetShape, rows: RecapRow[], c: Context, company: string, at: Date): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = company;
  wb.lastModifiedBy = company;
  wb.created = at;
  wb.modified = at;
  const ws = wb.addWorksheet('Penggajian', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = p.columns.map((col) => {
    const type = payrollColumn(col.key)?.type;
    const numFmt =
      type === 'date' ? p.dateFormat : type === 'number' && p.decimals !== null ? NUMBER_FORMATS[String(p.decimals)] : undefined;
    return { header: col.header, key: col.key, width: Math.max(10, col.header.length + 2), style: numFmt ? { numFmt } : {} };
  });
  ws.getRow(1).font = { bold: true };
  for (const r of rows)
    ws.addRow(
      p.columns.map((col) => {
        const v = valueOf(col.key, r, c);
        return v !== null && payrollColumn(col.key)?.type === 'date' ? dateKeyToDate(String(v)) : v;
      }),
    );
  return fixZipTimes(Buffer.from(await wb.xlsx.writeBuffer()), at);
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'preset';

/** GET /api/recap/payroll (admin, HR): a closed month's payroll file in the preset's columns. */
export async function payrollFile(actor: SessionUser, q: PayrollFileQuery): Promise<Response> {
  assertStaff(actor);
  const preset = await presetOf(q.preset);
  const recap = await recapOf(q.month, null);
  if (recap.source !== 'snapshot') throw conflict(periodNotClosed(q.month), 'PERIOD_OPEN');
  const [types, settings] = await Promise.all([
    db.leaveTypeConfig.findMany({ select: { name: true, code: true, paid: true } }),
    db.settings.findUnique({ where: { id: 1 }, select: { companyName: true } }),
  ]);
  const { first, last } = monthBounds(q.month);
  const ctx: Context = {
    first,
    last,
    paid: new Map(types.map((t) => [t.name, t.paid])),
    cutiPengganti: new Set(types.filter((t) => t.code === 'cuti_pengganti').map((t) => t.name)),
  };
  const rows = [...recap.rows].sort(
    (a, b) =>
      (a.employeeNumber ?? '\uffff').localeCompare(b.employeeNumber ?? '\uffff') ||
      a.name.localeCompare(b.name, 'id') ||
      a.userId.localeCompare(b.userId),
  );
  const headers = exportHeaders(q.format, `penggajian-${q.month}-${slug(preset.name)}`);
  const body =
    q.format === 'csv'
      ? csvFile(preset, rows, ctx)
      : await xlsxFile(preset, rows, ctx, settings?.companyName?.trim() || 'Absensi', new Date(recap.computedAt));
  return new Response(new Uint8Array(body), { headers });
}
