// Display helpers for leave requests: statuses, date ranges and instants in the office timezone.
import { DEFAULT_TIMEZONE, formatDateShort } from '@/lib/dates';
import { halfDayWords } from '@/features/daily-close/lib/day-label';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

export type StatusView = { label: string; className: string };

/** Any value other than approved or rejected reads as pending ('Menunggu'). */
export function leaveStatusView(status: string | null | undefined): StatusView {
  if (status === 'approved') return { label: 'Disetujui', className: 'bg-green-100 text-green-800 ring-green-600/20' };
  if (status === 'rejected') return { label: 'Ditolak', className: 'bg-red-100 text-red-800 ring-red-600/20' };
  if (status === 'cancelled') return { label: 'Dibatalkan', className: 'bg-gray-100 text-gray-700 ring-gray-500/20' };
  return { label: 'Menunggu', className: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20' };
}

export const isPending = (status: string | null | undefined) => status !== 'approved' && status !== 'rejected' && status !== 'cancelled';

/**
 * '3 Mar 2025 - 5 Mar 2025 (3 hari)'; a one-day request shows its date once; a half day says which half
 * ('3 Mar 2025 (½ hari pagi)'), not a bare '(0,5 hari)'.
 */
export function formatLeaveRange(startDate: string, endDate: string, days: number, halfDay?: string | null): string {
  const range = startDate === endDate ? formatDateShort(startDate) : `${formatDateShort(startDate)} - ${formatDateShort(endDate)}`;
  if (halfDay === 'pagi' || halfDay === 'siang') return `${range} (${halfDayWords(halfDay)})`;
  return `${range} (${numberFormat('id-ID').format(days)} hari)`;
}

/** '3 Mar 2025, 10.00' of an instant, in the office timezone. */
export function formatInstant(iso: string | null | undefined, timeZone: string = DEFAULT_TIMEZONE): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  const date = dateTimeFormat('id-ID', { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(d);
  const time = dateTimeFormat('id-ID', { timeZone, hour: '2-digit', minute: '2-digit' }).format(d);
  return `${date}, ${time}`;
}
