// Rekap Bulanan exports (docs/exports.md, docs/recap.md): GET /api/recap/export. One query — the same
// recap the page shows (the snapshot of a closed month) — written as XLSX, PDF, CSV or JSON by the
// generic export module: the summary sheet holds the totals per office, the detail sheet one row per
// employee. The figure columns are the page's (features/recap/lib/columns.ts): leave types and overtime
// classes that occur in the month become columns of their own, every header unique. In the PDF the name
// (or office) starts each column group when the columns are wider than the page.
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { exportResponse, type ExportColumn, type ExportDocument } from '@/lib/server/export';
import { recapOf, type RecapDto, type RecapTotals } from '@/features/recap/server/recap';
import { recapFigureColumns, type RecapFigures } from '@/features/recap/lib/columns';
import type { RecapExportQuery } from '@/features/recap/validation/recap';

/** The figure columns shared by both sheets: the page's columns (features/recap/lib/columns.ts). */
export function figureColumns<R extends RecapFigures>(
  recap: Pick<RecapDto, 'leaveTypes' | 'leaveTypeCategories' | 'multipliers'>,
): ExportColumn<R>[] {
  return recapFigureColumns(recap).map((c) => ({
    key: c.key,
    header: c.header,
    type: 'number',
    value: (r: R) => c.value(r),
    width: c.width,
    group: c.group,
  }));
}

/** The document of a recap (also used by the benchmark). */
export function recapDocument(
  recap: RecapDto,
  companyName: string,
  officeName: string | null,
  sep: ',' | ';' = ';',
  withSummary = true,
): ExportDocument {
  const detail: ExportColumn<RecapDto['rows'][number]>[] = [
    { key: 'name', header: 'Nama Karyawan', type: 'text', value: (r) => r.name, width: 24, repeat: true },
    { key: 'employeeNumber', header: 'NIK', type: 'text', value: (r) => r.employeeNumber ?? null, width: 10, group: 'Karyawan' },
    { key: 'division', header: 'Divisi', type: 'text', value: (r) => r.division ?? null, width: 16, only: ['xlsx', 'csv', 'json'] },
    { key: 'email', header: 'Email', type: 'text', value: (r) => r.email, width: 28, only: ['xlsx', 'csv', 'json'] },
    { key: 'position', header: 'Posisi', type: 'text', value: (r) => r.position, width: 16, only: ['xlsx', 'csv', 'json'] },
    { key: 'office', header: 'Kantor', type: 'text', value: (r) => r.officeName, width: 18, group: 'Karyawan' },
    { key: 'userId', header: 'ID Karyawan', type: 'text', value: (r) => r.userId, width: 10, only: ['json'] },
    ...figureColumns(recap),
  ];
  const summary: ExportColumn<RecapTotals>[] = [
    { key: 'office', header: 'Kantor', type: 'text', value: (r) => r.officeName, width: 22, repeat: true },
    { key: 'employees', header: 'Karyawan', type: 'number', value: (r) => r.employees, width: 10, group: 'Karyawan' },
    ...figureColumns<RecapTotals>(recap),
  ];
  const closed = recap.source === 'snapshot' ? ' (periode ditutup)' : '';
  return {
    title: 'Rekap Bulanan',
    companyName,
    periodLabel: `${recap.label}${officeName ? ` · ${officeName}` : ''}${closed}`,
    schema: 'absensi.rekap-bulanan.v1',
    fileBase: `rekap-bulanan-${recap.month}`,
    separator: sep,
    summary: withSummary
      ? { name: 'Ringkasan per Kantor', columns: summary, rows: [...recap.offices, ...(recap.offices.length > 1 ? [recap.totals] : [])] }
      : undefined,
    detail: { name: 'Detail Karyawan', columns: detail, rows: recap.rows },
  };
}

/** GET /api/recap/export (admin, HR). */
export async function exportRecap(actor: SessionUser, q: RecapExportQuery): Promise<Response> {
  assertStaff(actor);
  const office = q.officeId ? await db.office.findUnique({ where: { id: q.officeId }, select: { name: true } }) : null;
  if (q.officeId && !office) throw notFound('Kantor tidak ditemukan');
  const [recap, settings] = await Promise.all([
    recapOf(q.month, q.officeId ?? null, db, null, q.divisionId),
    db.settings.findUnique({ where: { id: 1 }, select: { companyName: true } }),
  ]);
  const doc = recapDocument(
    recap,
    settings?.companyName?.trim() || 'Absensi',
    office?.name ?? null,
    q.sep === 'comma' ? ',' : ';',
    q.format !== 'csv',
  );
  return exportResponse(q.format, doc);
}
