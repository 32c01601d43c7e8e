// One day of the employee's Riwayat Absensi. A table row on a tablet or laptop; on a phone (under 640 px)
// the same row is a card: the date on top, then check-in and check-out with their labels (drawn by CSS
// from data-label, so the cell's text stays the time), the status with the late / early minutes, and the
// office where the day was punched. The coordinates are kept for the wider screens.
import Link from 'next/link';
import { formatDateLong, formatTimeWithZone } from '@/lib/dates';
import { breakText, DayStatusBadge, earlyNote, lateNote } from '@/features/attendance/components/parts';
import { correctionOffer, correctionTrail, effectiveCheckIn, effectiveCheckOut, entryStatus } from '@/features/attendance/lib/closed-day';
import { formatLocation } from '@/features/attendance/lib/csv';
import type { HistoryEntry } from '@/features/attendance/types/attendance';

/** The mobile label above a cell's value (CSS content: not part of the cell's text). */
const labelled =
  'block sm:table-cell before:mb-0.5 before:block before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)] sm:before:hidden';

const minorBadge = 'inline-flex rounded-full px-2 py-0.5 text-[11px] font-medium';

export function HistoryEntryRow({ e, timezone }: { e: HistoryEntry; timezone: string }) {
  const zone = e.office?.timezone ?? timezone;
  const trail = correctionTrail(e, zone);
  const offer = correctionOffer(e);
  const inAt = effectiveCheckIn(e);
  const outAt = effectiveCheckOut(e);
  const late = inAt ? lateNote(e.lateMinutes) : null;
  const early = outAt ? earlyNote(e.earlyMinutes) : null;
  return (
    <tr data-testid="history-row" className="grid grid-cols-2 gap-x-4 gap-y-2 px-4 py-3 sm:table-row sm:p-0">
      <td className="col-span-2 block font-semibold text-slate-900 sm:table-cell sm:whitespace-nowrap sm:px-4 sm:py-3 sm:font-medium">
        {formatDateLong(e.date)}
      </td>
      {/* The punch times, and the payable minutes (after an approved half day or hourly permission). */}
      <td data-label="Check-in" className={`${labelled} sm:whitespace-nowrap sm:px-4 sm:py-3`}>
        {inAt ? formatTimeWithZone(inAt, zone) : '-'}
      </td>
      <td data-label="Check-out" className={`${labelled} sm:whitespace-nowrap sm:px-4 sm:py-3`}>
        {outAt ? formatTimeWithZone(outAt, zone) : '-'}
        {e.break ? (
          <p className={`text-xs ${e.break.overMinutes > 0 ? 'text-amber-700' : 'text-slate-600'}`} data-testid="history-break">
            {breakText(e.break, zone)}
          </p>
        ) : null}
      </td>
      <td className="col-span-2 block sm:table-cell sm:px-4 sm:py-3">
        <div className="flex flex-wrap items-center gap-2">
          <DayStatusBadge status={entryStatus(e)} />
          {late ? (
            <span className={`${minorBadge} bg-amber-100 text-amber-800`} data-testid="late-note">
              {late}
            </span>
          ) : null}
          {early ? (
            <span className={`${minorBadge} bg-amber-100 text-amber-800`} data-testid="early-note">
              {early}
            </span>
          ) : null}
          {e.underReview ? (
            <span className={`${minorBadge} bg-amber-100 text-amber-800`} data-testid="under-review">
              Sedang ditinjau
            </span>
          ) : e.reviewDecision === 'rejected' ? (
            <span className={`${minorBadge} bg-red-100 text-red-800`}>Ditolak peninjau</span>
          ) : null}
          {trail ? (
            <span className="inline-flex rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-800">Dikoreksi</span>
          ) : null}
          {offer ? (
            <Link
              href={`/employee/corrections?date=${e.date}&kind=${offer.kind}`}
              className="text-xs font-semibold text-blue-700 underline"
            >
              Ajukan Koreksi
            </Link>
          ) : null}
        </div>
        {trail ? (
          <p className="mt-1 text-xs text-slate-600 sm:max-w-xs" data-testid="correction-trail">
            {trail}
          </p>
        ) : null}
      </td>
      <td data-label="Lokasi" className={`${labelled} col-span-2 text-xs text-slate-600 sm:px-4 sm:py-3`}>
        <div className="font-medium text-slate-800" data-testid="history-office">
          {e.office?.name ?? '-'}
        </div>
        {e.checkIn || e.checkOut ? (
          <div className="hidden sm:block">
            <div>Masuk: {formatLocation(e.checkIn)}</div>
            <div>Pulang: {formatLocation(e.checkOut)}</div>
          </div>
        ) : null}
      </td>
    </tr>
  );
}
