// Riwayat Absensi exports (docs/exports.md): GET /attendance/export (admin, HR) and
// GET /attendance/history/{userId}/export (the owner, admin, HR). One query: the rows come from a
// keyset cursor over Attendance (newest first, 1,000 at a time), the summary from one GROUP BY with the
// same filter, and every format (XLSX, PDF, CSV, JSON) is written from them while they stream.
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertSelfOrStaff, assertStaff } from '@/lib/server/auth/policy';
import { getMainOffice } from '@/features/offices/server/offices';
import { exportResponse, type ExportColumn, type ExportDocument, type ExportFormat } from '@/lib/server/export';
import { dayStatus } from '@/features/attendance/lib/rules';
import { csvStatus, effectiveCheckIn, effectiveCheckOut } from '@/features/attendance/lib/closed-day';
import { attendanceCursor, summaryRows, type ExportRow, type SummaryRow } from '@/features/attendance/server/attendance-export-rows';
import { historyCsvFileName } from '@/features/attendance/lib/csv';
import { dateKeyInZone, formatDateLong } from '@/lib/dates';
import type { ExportFilters as AttendanceListQuery, HistoryExportQuery } from '@/lib/validation/exports';
import { punchSource } from '@/features/attendance/lib/punch-source';

const loc = (lat: number | null, lon: number | null) => (lat === null || lon === null ? null : `${lat.toFixed(4)}, ${lon.toFixed(4)}`);
/** The history's entry of a row: the record's marks and its closed day. */
const entry = (r: ExportRow) => ({
  checkIn: r.checkInAt ? { timestamp: r.checkInAt } : null,
  checkOut: r.checkOutAt ? { timestamp: r.checkOutAt } : null,
  reviewDecision: r.reviewDecision,
  day: r.day ?? null,
});
/** As the histories show it (features/attendance/lib/closed-day.ts): a rejected record without a closed day is 'Tidak Hadir'. */
const status = (r: ExportRow, zone: string) => {
  const e = entry(r);
  if (!e.day && r.reviewDecision === 'rejected') return dayStatus(e);
  return csvStatus(e, r.zone ?? zone);
};

/** NIK karyawan and Divisi (docs/onboarding.md): after the spec's columns, so a reader of those by position still reads them. */
const people = <R extends { employeeNumber: string | null; division: string | null }>(only: readonly ('xlsx' | 'pdf' | 'json' | 'csv')[]) =>
  [
    { key: 'employeeNumber', header: 'NIK', type: 'text', value: (r: R) => r.employeeNumber, width: 12, only },
    { key: 'division', header: 'Divisi', type: 'text', value: (r: R) => r.division, width: 16, only },
  ] satisfies ExportColumn<R>[];

/** The detail columns; `admin` adds the employee's name, e-mail and position (the spec's admin CSV), NIK and Divisi. */
export function historyColumns(admin: boolean, zone: string): ExportColumn<ExportRow>[] {
  const z = (r: ExportRow) => r.zone ?? zone;
  return [
    { key: 'date', header: 'Tanggal', type: 'date', value: (r) => r.workDate, width: 14 },
    ...(admin
      ? ([
          { key: 'name', header: 'Nama Karyawan', type: 'text', value: (r) => r.name, width: 24 },
          { key: 'email', header: 'Email', type: 'text', value: (r) => r.email, width: 28 },
          { key: 'position', header: 'Posisi', type: 'text', value: (r) => r.position, width: 18 },
        ] satisfies ExportColumn<ExportRow>[])
      : []),
    { key: 'checkIn', header: 'Check-in', type: 'time', value: (r) => effectiveCheckIn(entry(r)), zone: z, width: 10 },
    { key: 'checkOut', header: 'Check-out', type: 'time', value: (r) => effectiveCheckOut(entry(r)), zone: z, width: 10 },
    { key: 'status', header: 'Status', type: 'text', value: (r) => status(r, zone), width: 14 },
    { key: 'checkInLocation', header: 'Lokasi Check-in', type: 'text', value: (r) => loc(r.inLat, r.inLon), width: 22 },
    { key: 'checkOutLocation', header: 'Lokasi Check-out', type: 'text', value: (r) => loc(r.outLat, r.outLon), width: 22 },
    ...(admin ? people<ExportRow>(['xlsx', 'pdf', 'json', 'csv']) : []),
    // Beyond the spec's CSV columns: in the XLSX, PDF and JSON only.
    { key: 'office', header: 'Kantor', type: 'text', value: (r) => r.officeName, width: 18, only: ['xlsx', 'pdf', 'json'] },
    {
      key: 'lateMinutes',
      header: 'Terlambat (menit)',
      type: 'number',
      value: (r) => r.lateMinutes,
      width: 10,
      only: ['xlsx', 'pdf', 'json'],
    },
    {
      key: 'earlyMinutes',
      header: 'Pulang Cepat (menit)',
      type: 'number',
      value: (r) => r.earlyMinutes,
      width: 10,
      only: ['xlsx', 'pdf', 'json'],
    },
    {
      key: 'faceCheck',
      header: 'Verifikasi Wajah',
      type: 'text',
      value: (r) => (r.reviewDecision === 'rejected' ? 'Ditolak' : r.reviewDecision === 'confirmed' ? 'Dikonfirmasi' : r.faceCheckStatus),
      width: 14,
      only: ['xlsx', 'json'],
    },
    // Where each side was made (Ponsel, Kiosk …, Mesin …, Impor file): features/attendance/lib/punch-source.ts.
    {
      key: 'checkInSource',
      header: 'Sumber Check-in',
      type: 'text',
      value: (r) => punchSource(r.inSourceKind, r.inSourceName)?.label ?? null,
      width: 18,
      only: ['xlsx', 'json'],
    },
    {
      key: 'checkOutSource',
      header: 'Sumber Check-out',
      type: 'text',
      value: (r) => punchSource(r.outSourceKind, r.outSourceName)?.label ?? null,
      width: 18,
      only: ['xlsx', 'json'],
    },
  ];
}

const SUMMARY_COLUMNS: ExportColumn<SummaryRow>[] = [
  { key: 'name', header: 'Nama Karyawan', type: 'text', value: (r) => r.name, width: 24 },
  ...people<SummaryRow>(['xlsx', 'pdf', 'json', 'csv']),
  { key: 'email', header: 'Email', type: 'text', value: (r) => r.email, width: 28 },
  { key: 'days', header: 'Hari Tercatat', type: 'number', value: (r) => r.days, width: 10 },
  { key: 'complete', header: 'Lengkap', type: 'number', value: (r) => r.complete, width: 10 },
  { key: 'checkInOnly', header: 'Hanya Check-in', type: 'number', value: (r) => r.checkInOnly, width: 10 },
  { key: 'rejected', header: 'Ditolak (Tidak Hadir)', type: 'number', value: (r) => r.rejected, width: 10 },
  { key: 'lateCount', header: 'Terlambat (kali)', type: 'number', value: (r) => r.lateCount, width: 10 },
  { key: 'lateMinutes', header: 'Terlambat (menit)', type: 'number', value: (r) => r.lateMinutes, width: 10 },
  { key: 'earlyMinutes', header: 'Pulang Cepat (menit)', type: 'number', value: (r) => r.earlyMinutes, width: 10 },
];

function periodLabel(q: AttendanceListQuery): string {
  if (q.startDate && q.endDate) return `${formatDateLong(q.startDate)} – ${formatDateLong(q.endDate)}`;
  if (q.startDate) return `sejak ${formatDateLong(q.startDate)}`;
  if (q.endDate) return `sampai ${formatDateLong(q.endDate)}`;
  return 'Semua tanggal';
}

async function document(
  q: AttendanceListQuery,
  admin: boolean,
  fileBase: string,
  sep: 'semicolon' | 'comma',
  format: ExportFormat,
): Promise<ExportDocument> {
  const [main, settings] = await Promise.all([
    getMainOffice(),
    db.settings.findUnique({ where: { id: 1 }, select: { companyName: true } }),
  ]);
  return {
    title: 'Riwayat Absensi',
    companyName: settings?.companyName?.trim() || 'Absensi',
    periodLabel: periodLabel(q),
    schema: 'absensi.riwayat-absensi.v1',
    fileBase,
    separator: sep === 'comma' ? ',' : ';',
    // The CSV is the detail alone: no summary query for it.
    summary: format === 'csv' ? undefined : { name: 'Ringkasan', columns: SUMMARY_COLUMNS, rows: await summaryRows(q) },
    detail: { name: 'Detail', columns: historyColumns(admin, main.timezone), rows: attendanceCursor(q) },
  };
}

/** GET /attendance/export: every record of the admin history's filters (no row cap). */
export async function exportAttendance(actor: SessionUser, query: HistoryExportQuery): Promise<Response> {
  assertStaff(actor);
  const main = await getMainOffice();
  const today = dateKeyInZone(new Date(), main.timezone);
  return exportResponse(query.format, await document(query.q, true, `riwayat-absensi-${today}`, query.sep, query.format));
}

/** GET /attendance/history/{userId}/export: one employee's history; the owner, admin or HR. */
export async function exportHistory(actor: SessionUser, userId: string, query: HistoryExportQuery): Promise<Response> {
  assertSelfOrStaff(actor, userId);
  const user = await db.user.findUnique({ where: { id: userId }, select: { name: true } });
  if (!user) throw notFound('Pengguna tidak ditemukan');
  const main = await getMainOffice();
  const today = dateKeyInZone(new Date(), main.timezone);
  const q = { ...query.q, employee: userId, officeId: undefined };
  const base = historyCsvFileName(user.name, today).replace(/\.csv$/, '');
  return exportResponse(query.format, await document(q, false, base, query.sep, query.format));
}
