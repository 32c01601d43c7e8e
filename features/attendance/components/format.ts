// Shared wording of the admin history: day status, face-check badge, coordinates and the CSV file.
import { csvStatus, effectiveCheckIn, effectiveCheckOut } from '@/features/attendance/lib/closed-day';
import { toCsv } from '@/lib/csv';
import { formatDateLong, formatTime } from '@/lib/dates';
import type { AttendanceRecordDto } from '@/features/attendance/types/attendance';

export type DayStatus = 'Lengkap' | 'Hanya Check-in' | 'Tidak Hadir';

/** A record a reviewer rejected never counts as present: 'Tidak Hadir'. */
export function dayStatus(
  r: Pick<AttendanceRecordDto, 'checkIn' | 'checkOut'> & { reviewDecision?: AttendanceRecordDto['reviewDecision'] },
): DayStatus {
  if (!r.checkIn || r.reviewDecision === 'rejected') return 'Tidak Hadir';
  return r.checkOut ? 'Lengkap' : 'Hanya Check-in';
}

export const STATUS_CLASS: Record<DayStatus, string> = {
  Lengkap: 'bg-green-100 text-green-800',
  'Hanya Check-in': 'bg-yellow-100 text-yellow-800',
  'Tidak Hadir': 'bg-red-100 text-red-800',
};

export const FACE_FILTERS = [
  { value: '', label: 'Semua' },
  { value: 'flagged', label: 'Ditandai' },
  { value: 'verified', label: 'Terverifikasi' },
  { value: 'pending', label: 'Menunggu' },
] as const;

export function faceBadge(r: Pick<AttendanceRecordDto, 'faceCheckStatus' | 'reviewDecision'>): { label: string; cls: string } {
  if (r.faceCheckStatus === 'flagged') {
    if (r.reviewDecision === 'confirmed')
      return { label: 'Ditandai · Dikonfirmasi', cls: 'bg-green-50 text-green-700 ring-1 ring-green-200' };
    if (r.reviewDecision === 'rejected') return { label: 'Ditandai · Ditolak', cls: 'bg-red-100 text-red-800' };
    return { label: 'Ditandai', cls: 'bg-red-100 text-red-700' };
  }
  if (r.faceCheckStatus === 'verified') return { label: 'Terverifikasi', cls: 'bg-green-100 text-green-700' };
  return { label: 'Menunggu', cls: 'bg-slate-100 text-slate-600' };
}

/** 'lat, lon' with the spec's 4 decimals. */
export function coords(p: { latitude: number; longitude: number } | null): string {
  return p ? `${p.latitude.toFixed(4)}, ${p.longitude.toFixed(4)}` : '';
}

// Closed days without a record are rows too; a corrected day has its times and trail (docs/daily-close.md).
export const ADMIN_CSV_HEADER = [
  'Tanggal',
  'Nama Karyawan',
  'Email',
  'Posisi',
  'Check-in',
  'Check-out',
  'Status',
  'Lokasi Check-in',
  'Lokasi Check-out',
];

/** Every loaded record, not only the current page; cells quoted, quotes doubled, formulas neutralised (lib/csv). */
export function adminHistoryCsv(records: AttendanceRecordDto[], timeZone: string): string {
  return toCsv(
    ADMIN_CSV_HEADER,
    records.map((r) => [
      formatDateLong(r.date),
      r.userName,
      r.userEmail,
      r.userPosition,
      effectiveCheckIn(r) ? formatTime(effectiveCheckIn(r), r.office?.timezone ?? timeZone) : '',
      effectiveCheckOut(r) ? formatTime(effectiveCheckOut(r), r.office?.timezone ?? timeZone) : '',
      csvStatus(r, r.office?.timezone ?? timeZone),
      coords(r.checkIn),
      coords(r.checkOut),
    ]),
  );
}

export const adminCsvFileName = (today: string) => `riwayat-absensi-${today}.csv`;
