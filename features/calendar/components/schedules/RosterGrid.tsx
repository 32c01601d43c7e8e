'use client';
// The roster table: employees × days, each cell a button showing the shift (22:00–06:00), Libur or the
// holiday's name, coloured by the day's status; a hand-set cell carries a blue corner mark.
import { Moon } from 'lucide-react';
import { STATUS_CLASS, WEEKDAYS_SHORT, cellText, crossesMidnight, dayMonth } from '@/features/calendar/components/schedules/format';
import { DAY_STATUS_LABELS } from '@/features/calendar/validation/calendar';
import { isoWeekday } from '@/lib/dates';
import type { RosterCell, RosterRow } from '@/features/calendar/types/calendar';

type Props = { rows: RosterRow[]; dates: string[]; today: string; onPick: (row: RosterRow, cell: RosterCell) => void };

export function RosterGrid({ rows, dates, today, onPick }: Props) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-slate-500">Tidak ada karyawan di kantor ini.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label="Tabel jadwal karyawan">
      <table className="min-w-full border-collapse text-xs">
        <thead>
          <tr className="bg-slate-50">
            <th scope="col" className="sticky left-0 z-10 min-w-[9rem] bg-slate-50 px-3 py-2 text-left font-semibold text-slate-700">
              Karyawan
            </th>
            {dates.map((d) => (
              <th
                key={d}
                scope="col"
                className={`min-w-[5.5rem] px-1 py-2 text-center font-semibold ${d === today ? 'text-blue-700' : 'text-slate-700'}`}
              >
                <span className="block">{WEEKDAYS_SHORT[isoWeekday(d) - 1]}</span>
                <span className="block font-normal">{dayMonth(d, false)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId} className="border-t border-slate-100" data-testid="roster-row">
              <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-1.5 text-left font-medium text-slate-900">
                <span className="block max-w-[10rem] truncate">{row.name}</span>
                <span className="block max-w-[10rem] truncate font-normal text-slate-500">{row.position}</span>
              </th>
              {row.days.map((c) => {
                const text = cellText(c);
                const night = c.status === 'kerja' && crossesMidnight(c.shiftStart, c.shiftEnd);
                const locked = c.status === 'belum_bergabung' || c.status === 'nonaktif';
                return (
                  <td key={c.date} className="p-0.5">
                    <button
                      type="button"
                      onClick={() => onPick(row, c)}
                      disabled={locked}
                      data-testid={`roster-cell-${row.userId}-${c.date}`}
                      data-status={c.status}
                      title={`${DAY_STATUS_LABELS[c.status]}${c.holidayName && c.status === 'kerja' ? ` (${c.holidayName})` : ''}${c.override ? ' · diatur manual' : ''}`}
                      aria-label={`${row.name}, ${dayMonth(c.date)}: ${text}${night ? ', lintas tengah malam' : ''}${c.override ? ', diatur manual' : ''}`}
                      className={`relative flex h-11 w-full flex-col items-center justify-center rounded border px-1 leading-tight ${STATUS_CLASS[c.status]} ${locked ? 'cursor-not-allowed' : 'hover:brightness-95'} ${c.override ? 'border-blue-500' : ''}`}
                    >
                      <span className="max-w-[6rem] truncate font-medium">{text}</span>
                      {night ? <Moon className="h-3 w-3 text-indigo-700" aria-hidden /> : null}
                      {c.override ? <span className="absolute right-0.5 top-0.5 h-1.5 w-1.5 rounded-full bg-blue-600" aria-hidden /> : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RosterLegend() {
  const items: [keyof typeof STATUS_CLASS, string][] = [
    ['kerja', 'Hari kerja'],
    ['istirahat', 'Libur (istirahat)'],
    ['libur_nasional', 'Libur nasional'],
    ['cuti_bersama', 'Cuti bersama'],
    ['libur_perusahaan', 'Libur perusahaan'],
  ];
  return (
    <ul className="flex flex-wrap gap-2 text-xs" aria-label="Keterangan warna">
      {items.map(([status, label]) => (
        <li key={status} className={`rounded border px-2 py-0.5 ${STATUS_CLASS[status]}`}>
          {label}
        </li>
      ))}
      <li className="flex items-center gap-1 rounded border border-blue-500 px-2 py-0.5 text-slate-700">Diatur manual</li>
      <li className="flex items-center gap-1 rounded border border-slate-200 px-2 py-0.5 text-slate-700">
        <Moon className="h-3 w-3 text-indigo-700" aria-hidden /> Lintas tengah malam
      </li>
    </ul>
  );
}
