// The admin history table: Tanggal, Karyawan, Check-in, Check-out, Status, Lokasi (hidden on small
// screens). Under the date the record's office; times show in its zone (WIB/WITA/WIT). Photos open from the times; under each
// time where it was made (Ponsel, Kiosk …, Mesin …, Impor file); the face-check badge and 'Tinjau' sit under the status.
import { Camera, Inbox } from 'lucide-react';
import { formatDateLong, formatTimeWithZone } from '@/lib/dates';
import type { AttendanceRecordDto } from '@/features/attendance/types/attendance';
import { coords, faceBadge } from '@/features/attendance/components/format';
import { breakText, DayStatusBadge } from '@/features/attendance/components/parts';
import { correctionTrail, effectiveCheckIn, effectiveCheckOut, entryStatus } from '@/features/attendance/lib/closed-day';
import { showAttendancePhoto } from '@/features/attendance/components/dialogs';
import { FLAG_LABELS } from '@/features/attendance/lib/anti-fraud';

type Props = { rows: AttendanceRecordDto[]; timezone: string; onReview: (r: AttendanceRecordDto) => void };

function Time({ r, kind, timezone }: { r: AttendanceRecordDto; kind: 'check-in' | 'check-out'; timezone: string }) {
  // A corrected day shows the corrected time (the record keeps its own).
  const at = kind === 'check-in' ? effectiveCheckIn(r) : effectiveCheckOut(r);
  const hasPhoto = kind === 'check-in' ? r.hasCheckInPhoto : r.hasCheckOutPhoto;
  const source = kind === 'check-in' ? r.checkInSource : r.checkOutSource;
  if (!at) return <span className="text-slate-400">-</span>;
  return (
    <>
      <div className="flex items-center gap-1.5">
        <span className="font-medium text-slate-900">{formatTimeWithZone(at, r.office?.timezone ?? timezone)}</span>
        {hasPhoto ? (
          <button
            type="button"
            onClick={() => showAttendancePhoto(r, kind)}
            className="rounded p-1 text-blue-600 hover:bg-blue-50"
            aria-label={`Lihat foto ${kind} ${r.userName}`}
            title={`Foto ${kind}`}
          >
            <Camera className="h-4 w-4" aria-hidden />
          </button>
        ) : null}
      </div>
      {source ? (
        <p className="text-xs text-slate-500" data-testid={`${kind}-source`}>
          {source.label}
        </p>
      ) : null}
    </>
  );
}

export function HistoryTable({ rows, timezone, onReview }: Props) {
  if (rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-12 text-center" data-testid="history-empty">
        <Inbox className="h-10 w-10 text-slate-300" aria-hidden />
        <p className="font-semibold text-slate-700">Tidak ada data</p>
        <p className="text-sm text-slate-500">Tidak ada riwayat absensi untuk periode yang ddipilih</p>
      </div>
    );
  }
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tabel riwayat absensi">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="history-table">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-4 py-3">Tanggal</th>
            <th className="px-4 py-3">Karyawan</th>
            <th className="px-4 py-3">Check-in</th>
            <th className="px-4 py-3">Check-out</th>
            <th className="px-4 py-3">Status</th>
            <th className="hidden px-4 py-3 lg:table-cell">Lokasi</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((r) => {
            const status = entryStatus(r);
            const face = faceBadge(r);
            const trail = correctionTrail(r, r.office?.timezone ?? timezone);
            return (
              <tr key={r.id} className="align-top hover:bg-slate-50">
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                  {formatDateLong(r.date)}
                  {r.office ? (
                    <p className="text-xs text-slate-500" data-testid="record-office">
                      {r.office.name}
                    </p>
                  ) : null}
                </td>
                <td className="px-4 py-3">
                  <p className="font-medium text-slate-900">{r.userName}</p>
                  <p className="text-xs text-slate-500">
                    {[r.userEmployeeNumber, r.userPosition, r.userDivision].filter(Boolean).join(' · ')}
                  </p>
                </td>
                {/* Late / early: the payable minutes (after an approved half day or hourly permission), not the punch's own. */}
                <td className="whitespace-nowrap px-4 py-3">
                  <Time r={r} kind="check-in" timezone={timezone} />
                  {r.lateMinutes > 0 ? <p className="text-xs text-amber-700">Terlambat {r.lateMinutes} menit</p> : null}
                </td>
                <td className="whitespace-nowrap px-4 py-3">
                  <Time r={r} kind="check-out" timezone={timezone} />
                  {r.earlyMinutes ? <p className="text-xs text-amber-700">Pulang cepat {r.earlyMinutes} menit</p> : null}
                  {r.break ? (
                    <p className={`text-xs ${r.break.overMinutes > 0 ? 'text-amber-700' : 'text-slate-600'}`} data-testid="history-break">
                      {breakText(r.break, r.office?.timezone ?? timezone)}
                    </p>
                  ) : null}
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-col items-start gap-1.5">
                    <DayStatusBadge status={status} />
                    {trail ? (
                      <>
                        <span className="inline-flex rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-800">
                          Dikoreksi
                        </span>
                        <p className="max-w-xs text-xs text-slate-600" data-testid="correction-trail">
                          {trail}
                        </p>
                      </>
                    ) : null}
                    {r.checkIn ? (
                      <span
                        className={`inline-flex rounded-full px-2 py-0.5 text-[11px] font-medium ${face.cls}`}
                        title={r.faceCheckReason ?? undefined}
                        data-testid="face-badge"
                      >
                        Wajah: {face.label}
                      </span>
                    ) : null}
                    {r.flags.length ? (
                      <ul className="flex flex-wrap gap-1" data-testid="flag-reasons" aria-label="Alasan tinjauan">
                        {[...new Set(r.flags.map((f) => f.reason))].map((reason) => (
                          <li key={reason} className="rounded bg-amber-50 px-1.5 py-0.5 text-[11px] text-amber-800 ring-1 ring-amber-200">
                            {FLAG_LABELS[reason]}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {r.needsReview ? (
                      <button
                        type="button"
                        onClick={() => onReview(r)}
                        className="rounded-md bg-red-600 px-2.5 py-1 text-xs font-semibold text-white hover:bg-red-700"
                      >
                        Tinjau
                      </button>
                    ) : null}
                  </div>
                </td>
                <td className="hidden whitespace-nowrap px-4 py-3 text-xs text-slate-600 lg:table-cell">
                  <p>Masuk: {coords(r.checkIn) || '-'}</p>
                  <p>Pulang: {coords(r.checkOut) || '-'}</p>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
