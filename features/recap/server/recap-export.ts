// Rekap Bulanan exports (docs/exports.md, docs/recap.md): GET /api/recap/export. One query — the same
// recap the page shows (the snapshot of a closed month) — written as XLSX, PDF, CSV or JSON by the
// generic export module: the summary sheet holds the totals per office, the detail sheet one row per
// employee. Leave types and overtime classes that occur in the month become columns of their own.
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { exportResponse, type ExportColumn, type ExportDocument } from '@/lib/server/export';
import { recapOf, type RecapDto, type RecapTotals } from '@/features/recap/server/recap';
import type { RecapExportQuery } from '@/features/recap/validation/recap';

type Figures = Omit<RecapTotals, 'employees' | 'officeId' | 'officeName'>;

const multiplierLabel = (m: number) => String(m).replace('.', ',');

/** The figure columns shared by both sheets (the order of the page's table). */
export function figureColumns<R extends Figures>(recap: Pick<RecapDto, 'leaveTypes' | 'multipliers'>): ExportColumn<R>[] {
  const n = (key: string, header: string, value: (r: R) => number, width = 10): ExportColumn<R> => ({
    key,
    header,
    type: 'number',
    value,
    width,
  });
  return [
    n('workDays', 'Hari Wajib Hadir', (r) => r.workDays),
    n('present', 'Hadir', (r) => r.present),
    n('lateCount', 'Terlambat (kali)', (r) => r.lateCount),
    n('lateMinutes', 'Terlambat (menit)', (r) => r.lateMinutes),
    n('earlyCount', 'Pulang Cepat (kali)', (r) => r.earlyCount),
    n('earlyMinutes', 'Pulang Cepat (menit)', (r) => r.earlyMinutes),
    n('alpa', 'Tidak Hadir (Alpa)', (r) => r.alpa),
    n('cuti', 'Cuti (hari)', (r) => r.cuti),
    n('izin', 'Izin (hari)', (r) => r.izin),
    n('sakit', 'Sakit (hari)', (r) => r.sakit),
    ...recap.leaveTypes.map((t, i) => n(`leave_${i + 1}`, `${t} (hari)`, (r) => r.leaveByType[t] ?? 0, 12)),
    n('dinasLuar', 'Dinas Luar', (r) => r.dinasLuar),
    n('holidaysWorked', 'Masuk Hari Libur', (r) => r.holidaysWorked),
    n('restDaysWorked', 'Masuk Hari Istirahat', (r) => r.restDaysWorked),
    n('lupaCheckout', 'Lupa Check-out', (r) => r.lupaCheckout),
    n('correctedDays', 'Hari Dikoreksi', (r) => r.correctedDays),
    n('overtimeEquivalentHours', 'Lembur (jam setara)', (r) => r.overtime.equivalentHours, 12),
    ...recap.multipliers.map((m) =>
      n(
        `overtime_x${String(m).replace('.', '_')}`,
        `Lembur ×${multiplierLabel(m)} (jam)`,
        (r) => r.overtime.classes.find((c) => c.multiplier === m)?.hours ?? 0,
      ),
    ),
    n('unresolvedFlags', 'Tanda Belum Ditinjau', (r) => r.unresolvedFlags),
    n('openDays', 'Belum Ditutup (hari)', (r) => r.openDays),
  ];
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
    { key: 'name', header: 'Nama Karyawan', type: 'text', value: (r) => r.name, width: 24 },
    { key: 'email', header: 'Email', type: 'text', value: (r) => r.email, width: 28, only: ['xlsx', 'csv', 'json'] },
    { key: 'position', header: 'Posisi', type: 'text', value: (r) => r.position, width: 16 },
    { key: 'office', header: 'Kantor', type: 'text', value: (r) => r.officeName, width: 18 },
    { key: 'userId', header: 'ID Karyawan', type: 'text', value: (r) => r.userId, width: 10, only: ['json'] },
    ...figureColumns(recap),
  ];
  const summary: ExportColumn<RecapTotals>[] = [
    { key: 'office', header: 'Kantor', type: 'text', value: (r) => r.officeName, width: 22 },
    { key: 'employees', header: 'Karyawan', type: 'number', value: (r) => r.employees, width: 10 },
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
    recapOf(q.month, q.officeId ?? null),
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
