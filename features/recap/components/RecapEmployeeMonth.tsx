'use client';
// One employee's month in Rekap Bulanan, as a calendar (GET /api/recap/{userId}): each day's result,
// times and minutes, coloured by result (docs/recap.md).
import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { Spinner } from '@/components/ui/Spinner';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import { formatTime } from '@/lib/dates';
import type { EmployeeRecapDto } from '@/features/recap/types/recap';

const COLORS: Record<string, string> = {
  green: 'bg-green-100 text-green-900 border-green-300',
  teal: 'bg-teal-100 text-teal-900 border-teal-300',
  red: 'bg-red-100 text-red-900 border-red-300',
  orange: 'bg-orange-100 text-orange-900 border-orange-300',
  blue: 'bg-blue-100 text-blue-900 border-blue-300',
  purple: 'bg-purple-100 text-purple-900 border-purple-300',
  yellow: 'bg-yellow-100 text-yellow-900 border-yellow-300',
  gray: 'bg-slate-100 text-slate-700 border-slate-300',
  white: 'bg-white text-slate-600 border-dashed border-slate-400',
  none: 'bg-slate-50 text-slate-400 border-slate-200',
};

export function RecapEmployeeMonth({ userId, month, onClose }: { userId: string; month: string; onClose: () => void }) {
  const [data, setData] = useState<EmployeeRecapDto | null>(null);
  useEffect(() => {
    api
      .get<EmployeeRecapDto>(`/recap/${userId}?month=${month}`)
      .then(setData, (err) => void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat rekap karyawan')));
  }, [userId, month]);
  const offset = data?.days[0] ? (new Date(`${data.days[0].date}T00:00:00Z`).getUTCDay() + 6) % 7 : 0;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label="Rekap karyawan" data-testid="recap-employee">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-semibold text-slate-800">{data ? `${data.user.name} — ${data.label}` : 'Memuat...'}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Tutup rekap karyawan"
          className="rounded-lg p-1 text-slate-500 hover:bg-slate-100"
        >
          <X className="h-5 w-5" aria-hidden />
        </button>
      </div>
      {!data ? (
        <Spinner label="Memuat rekap karyawan..." />
      ) : (
        <div className="grid grid-cols-7 gap-1 text-xs">
          {['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min'].map((d) => (
            <div key={d} className="text-center font-semibold text-slate-500">
              {d}
            </div>
          ))}
          {Array.from({ length: offset }, (_, i) => (
            <div key={`pad-${i}`} />
          ))}
          {data.days.map((d) => (
            <div
              key={d.date}
              className={`min-h-16 rounded border p-1 ${COLORS[d.color] ?? COLORS.gray}`}
              data-testid={`recap-day-${d.date}`}
              title={d.label}
            >
              <div className="font-semibold">{Number(d.date.slice(8))}</div>
              <div>
                {d.label}
                {d.corrected ? ' (dikoreksi)' : ''}
              </div>
              {d.checkInAt ? (
                <div>
                  {formatTime(d.checkInAt, d.timezone ?? undefined)}–
                  {d.checkOutAt ? formatTime(d.checkOutAt, d.timezone ?? undefined) : '?'} {d.zone}
                </div>
              ) : null}
              {d.lateMinutes ? <div>Terlambat {d.lateMinutes} mnt</div> : null}
              {d.earlyMinutes ? <div>Pulang cepat {d.earlyMinutes} mnt</div> : null}
              {d.lateExcusedMinutes ? <div>Izin datang terlambat {d.lateExcusedMinutes} mnt</div> : null}
              {d.earlyExcusedMinutes ? <div>Izin pulang cepat {d.earlyExcusedMinutes} mnt</div> : null}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
