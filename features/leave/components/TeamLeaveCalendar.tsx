'use client';
// Kalender Cuti Tim: who is on leave each day of a month (admin, HR, a supervisor), by office.
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api-client';
import { inputClass } from '@/components/ui/Field';
import { formatDateShort } from '@/lib/dates';
import type { LeaveCalendarDto } from '@/features/leave/types/leave';
import { OfficeSelect, useOfficeOptions } from '@/features/offices/components/OfficeFilter';

export function TeamLeaveCalendar({ initialMonth }: { initialMonth: string }) {
  const [month, setMonth] = useState(initialMonth);
  const [officeId, setOfficeId] = useState('');
  const offices = useOfficeOptions();
  const [data, setData] = useState<LeaveCalendarDto | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!/^\d{4}-\d{2}$/.test(month)) return;
    let live = true;
    api.get<LeaveCalendarDto>(`/leaves/calendar?month=${month}${officeId ? `&officeId=${officeId}` : ''}`).then(
      (d) => live && (setData(d), setError('')),
      (e) => live && setError(e instanceof ApiError && e.message ? e.message : 'Gagal memuat kalender cuti'),
    );
    return () => {
      live = false;
    };
  }, [month, officeId]);

  const busy = data?.days.filter((d) => d.entries.length) ?? [];
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="team-calendar-title">
      <h2 id="team-calendar-title" className="mb-3 text-lg font-semibold text-slate-900">
        Kalender Cuti Tim
      </h2>
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="team-month" className="mb-1 block text-sm font-medium text-slate-700">
            Bulan
          </label>
          <input id="team-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} className={inputClass} />
        </div>
        <div>
          <label htmlFor="team-office" className="mb-1 block text-sm font-medium text-slate-700">
            Kantor
          </label>
          <OfficeSelect id="team-office" value={officeId} offices={offices} onChange={setOfficeId} className={inputClass} />
        </div>
      </div>
      {error ? (
        <p className="text-sm text-red-600">{error}</p>
      ) : !busy.length ? (
        <p className="text-sm text-slate-500">Tidak ada yang cuti pada bulan ini</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {busy.map((d) => (
            <li key={d.date} data-testid="team-calendar-day" className="py-2">
              <span className="font-medium">{formatDateShort(d.date)}</span>:{' '}
              {d.entries
                .map(
                  (e) =>
                    `${e.userName} (${e.leaveTypeName}${e.halfDay ? `, ${e.halfDay}` : ''}${e.status === 'pending' ? ', menunggu' : ''})`,
                )
                .join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
