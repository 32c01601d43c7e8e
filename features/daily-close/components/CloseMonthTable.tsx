'use client';
// One office's month on the Tutup Harian page: each day's state (Ditutup, Belum ditutup, Menunggu
// klasifikasi ulang, …), the employee-days it counted per status, and a button to run (or re-run) it.
import { PlayCircle, RotateCcw } from 'lucide-react';
import { formatDateLong, formatTimeWithZone } from '@/lib/dates';
import {
  CLOSE_COUNT_KEYS,
  CLOSE_COUNT_LABELS,
  CLOSE_DAY_STATES,
  CLOSE_STATE_LABELS,
  type CloseDayState,
} from '@/features/daily-close/lib/close-states';
import type { CloseDayDto, CloseOfficeMonthDto } from '@/features/daily-close/types/daily-close';

const BADGE: Record<CloseDayState, string> = {
  closed: 'bg-green-100 text-green-800',
  waiting: 'bg-amber-100 text-amber-900',
  open: 'bg-red-100 text-red-800',
  today: 'bg-blue-100 text-blue-800',
  future: 'bg-slate-100 text-slate-700',
};

export function StateBadge({ state }: { state: CloseDayState }) {
  return (
    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[state]}`}>{CLOSE_STATE_LABELS[state]}</span>
  );
}

function Counts({ day }: { day: CloseDayDto }) {
  const items = CLOSE_COUNT_KEYS.filter((k) => day.counts[k]);
  if (!items.length) return <span className="text-slate-500">-</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Jumlah per status">
      {items.map((k) => (
        <li key={k} className="whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700" data-testid={`count-${k}`}>
          {CLOSE_COUNT_LABELS[k]}: {day.counts[k]}
        </li>
      ))}
    </ul>
  );
}

type Props = {
  office: CloseOfficeMonthDto;
  /** No day can run (a month closed by Tutup Periode, or a run going on). */
  locked: boolean;
  onRun: (day: CloseDayDto) => void;
};

export function CloseMonthTable({ office, locked, onRun }: Props) {
  return (
    <section className="space-y-2" aria-label={`Tutup harian ${office.officeName}`} data-testid={`close-office-${office.officeId}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-800">{office.officeName}</h2>
        <p className="text-sm text-slate-600">
          {CLOSE_DAY_STATES.filter((s) => office.summary[s])
            .map((s) => `${CLOSE_STATE_LABELS[s]}: ${office.summary[s]}`)
            .join(' · ')}
        </p>
      </div>
      <div
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
        role="region"
        aria-label={`Hari-hari ${office.officeName}`}
        tabIndex={0}
      >
        <table className="min-w-full text-sm">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-3 py-2">Tanggal</th>
              <th className="px-3 py-2">Status</th>
              <th className="px-3 py-2">Hari Karyawan</th>
              <th className="px-3 py-2">Rincian</th>
              <th className="px-3 py-2">Aksi</th>
            </tr>
          </thead>
          <tbody>
            {office.days.map((d) => (
              <tr key={d.date} className="border-t border-slate-100 align-top" data-testid={`close-day-${d.date}`}>
                <td className="whitespace-nowrap px-3 py-2 font-medium text-slate-800">{formatDateLong(d.date)}</td>
                <td className="px-3 py-2">
                  <StateBadge state={d.state} />
                  {d.closedAt ? (
                    <p className="mt-1 whitespace-nowrap text-xs text-slate-500">pukul {formatTimeWithZone(d.closedAt, office.timezone)}</p>
                  ) : null}
                  {d.waiting ? <p className="mt-1 text-xs text-amber-900">{d.waiting} hari karyawan menunggu</p> : null}
                </td>
                <td className="px-3 py-2 text-slate-700">{d.employeeDays}</td>
                <td className="px-3 py-2">
                  <Counts day={d} />
                </td>
                <td className="px-3 py-2">
                  {d.state === 'future' ? null : (
                    <button
                      type="button"
                      disabled={locked}
                      onClick={() => onRun(d)}
                      aria-label={`${d.state === 'closed' || d.state === 'waiting' ? 'Jalankan ulang' : 'Jalankan'} ${formatDateLong(d.date)}`}
                      className="inline-flex items-center gap-1 whitespace-nowrap rounded-lg border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50"
                    >
                      {d.state === 'closed' || d.state === 'waiting' ? (
                        <>
                          <RotateCcw className="h-3.5 w-3.5" aria-hidden /> Jalankan Ulang
                        </>
                      ) : (
                        <>
                          <PlayCircle className="h-3.5 w-3.5" aria-hidden /> Jalankan
                        </>
                      )}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
