// The employee history CSV (docs/exports.md): columns, 4-decimal locations, file name with the user's name.
import { toCsv } from '@/lib/csv';
import { formatDateLong, formatTime } from '@/lib/dates';
import { csvStatus, effectiveCheckIn, effectiveCheckOut } from '@/features/attendance/lib/closed-day';
import type { HistoryEntry } from '@/features/attendance/types/attendance';

export const HISTORY_CSV_HEADER = ['Tanggal', 'Check-in', 'Check-out', 'Status', 'Lokasi Check-in', 'Lokasi Check-out'];

export function formatLocation(mark: { latitude: number; longitude: number } | null | undefined, decimals = 4): string {
  return mark ? `${mark.latitude.toFixed(decimals)}, ${mark.longitude.toFixed(decimals)}` : '-';
}

/**
 * Closed days without a record (absent, leave) are rows too; a corrected day shows the corrected times and
 * its trail in the status cell (docs/daily-close.md). Missing times and locations are empty cells (a lone '-' would be taken for a formula and escaped). */
export function historyCsv(entries: HistoryEntry[], timeZone: string): string {
  const rows = entries.map((e) => [
    formatDateLong(e.date),
    effectiveCheckIn(e) ? formatTime(effectiveCheckIn(e), e.office?.timezone ?? timeZone) : '',
    effectiveCheckOut(e) ? formatTime(effectiveCheckOut(e), e.office?.timezone ?? timeZone) : '',
    csvStatus(e, e.office?.timezone ?? timeZone),
    e.checkIn ? formatLocation(e.checkIn) : '',
    e.checkOut ? formatLocation(e.checkOut) : '',
  ]);
  return toCsv(HISTORY_CSV_HEADER, rows);
}

/** riwayat-absensi-{name}-{YYYY-MM-DD}.csv, with the name reduced to safe file-name characters. */
export function historyCsvFileName(userName: string, today: string): string {
  const slug = userName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `riwayat-absensi-${slug || 'karyawan'}-${today}.csv`;
}
