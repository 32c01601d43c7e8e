'use client';
// The year at a glance: twelve small months, holidays coloured by kind (an estimate dashed), each
// holiday's names in the day's tooltip and for screen readers.
import { KIND_DAY, MONTHS, dayKind, monthWeeks } from '@/features/calendar/components/holidays/format';
import { HOLIDAY_KIND_LABELS, HOLIDAY_KINDS } from '@/features/calendar/validation/calendar';
import type { HolidayDto } from '@/features/calendar/types/holidays';

const HEAD = ['S', 'S', 'R', 'K', 'J', 'S', 'M'];
const HEAD_FULL = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'];

export function YearView({ year, holidays, today }: { year: number; holidays: HolidayDto[]; today: string }) {
  const byDate = new Map<string, HolidayDto[]>();
  for (const h of holidays) byDate.set(h.date, [...(byDate.get(h.date) ?? []), h]);
  return (
    <div>
      <ul className="mb-3 flex flex-wrap gap-3 text-xs text-slate-700" aria-label="Keterangan warna">
        {HOLIDAY_KINDS.map((k) => (
          <li key={k} className="flex items-center gap-1.5">
            <span className={`inline-block h-3 w-3 rounded-sm ${KIND_DAY[k]}`} aria-hidden /> {HOLIDAY_KIND_LABELS[k]}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-sm border-2 border-dashed border-slate-700" aria-hidden /> Perkiraan
        </li>
      </ul>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {MONTHS.map((name, m) => (
          <section
            key={name}
            aria-label={`${name} ${year}`}
            className="rounded-lg border border-slate-200 p-2"
            data-testid={`month-${m + 1}`}
          >
            <h3 className="mb-1 text-center text-sm font-semibold text-slate-900">{name}</h3>
            <table className="w-full table-fixed text-center text-xs">
              <thead>
                <tr>
                  {HEAD.map((d, i) => (
                    <th key={i} scope="col" className={`py-0.5 font-medium ${i === 6 ? 'text-red-700' : 'text-slate-600'}`}>
                      <abbr title={HEAD_FULL[i]} className="no-underline">
                        {d}
                      </abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(year, m + 1).map((week, w) => (
                  <tr key={w}>
                    {week.map((d, i) => {
                      if (!d) return <td key={i} />;
                      const list = byDate.get(d);
                      const kind = list ? dayKind(list) : null;
                      const estimate = list?.some((h) => !h.confirmed);
                      const names = list?.map((h) => `${h.name}${h.confirmed ? '' : ' (perkiraan)'}`).join('; ');
                      return (
                        <td key={i} className="p-px">
                          <span
                            data-testid={`year-day-${d}`}
                            data-kind={kind ?? undefined}
                            title={names}
                            className={`flex h-6 items-center justify-center rounded ${kind ? `${KIND_DAY[kind]} font-semibold` : i === 6 ? 'text-red-700' : 'text-slate-700'} ${estimate ? 'border-2 border-dashed border-slate-800' : ''} ${d === today ? 'ring-2 ring-blue-500' : ''}`}
                          >
                            {Number(d.slice(8))}
                            {names ? <span className="sr-only">: {names}</span> : null}
                          </span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </div>
  );
}
