'use client';
// The named schedules: each weekday's hours or Libur, break, late tolerance, the company's standard
// ('Standar'), night shifts marked as crossing midnight. Admins add, edit and delete; HR reads.
import { Moon, Pencil, Plus, Trash2 } from 'lucide-react';
import { Panel } from '@/components/ui/StatCard';
import { buttonClass } from '@/components/ui/Modal';
import { WEEKDAYS, WEEKDAYS_SHORT } from '@/features/calendar/components/schedules/format';
import type { ScheduleDto } from '@/features/calendar/types/schedules';

type Props = {
  schedules: ScheduleDto[];
  canEdit: boolean;
  onAdd: () => void;
  onEdit: (s: ScheduleDto) => void;
  onDelete: (s: ScheduleDto) => void;
};

export function ScheduleList({ schedules, canEdit, onAdd, onEdit, onDelete }: Props) {
  return (
    <Panel
      title="Daftar Jadwal"
      actions={
        canEdit ? (
          <button type="button" onClick={onAdd} className={buttonClass.primary}>
            <Plus className="h-4 w-4" aria-hidden /> Tambah Jadwal
          </button>
        ) : null
      }
    >
      {schedules.length === 0 ? (
        <p className="text-sm text-slate-500">Belum ada jadwal kerja.</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tabel jadwal kerja">
          <table className="min-w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase text-slate-600">
                <th scope="col" className="py-2 pr-3">
                  Nama
                </th>
                {WEEKDAYS_SHORT.map((d, i) => (
                  <th key={d} scope="col" className="px-1 py-2 text-center">
                    <abbr title={WEEKDAYS[i]} className="no-underline">
                      {d}
                    </abbr>
                  </th>
                ))}
                <th scope="col" className="px-1.5 py-2 text-center">
                  Istirahat
                </th>
                <th scope="col" className="px-1.5 py-2 text-center">
                  Toleransi
                </th>
                <th scope="col" className="px-1.5 py-2 text-center">
                  Karyawan
                </th>
                {canEdit ? (
                  <th scope="col" className="sticky right-0 bg-white py-2 pl-2 text-right">
                    Aksi
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {schedules.map((s) => {
                const night = s.days.some((d) => d.crossesMidnight);
                return (
                  <tr key={s.id} className="border-b border-slate-100 last:border-0" data-testid="schedule-row">
                    <th scope="row" className="min-w-28 max-w-40 py-2 pr-2 text-left font-medium text-slate-900">
                      <span className="flex flex-wrap items-center gap-1.5">
                        {s.name}
                        {s.isDefault ? (
                          <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800">Standar</span>
                        ) : null}
                        {night ? (
                          <span className="inline-flex items-center gap-1 rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-800">
                            <Moon className="h-3 w-3" aria-hidden /> Lintas tengah malam
                          </span>
                        ) : null}
                      </span>
                    </th>
                    {s.days.map((d) => (
                      <td key={d.weekday} className="whitespace-nowrap px-1 py-2 text-center tabular-nums">
                        {d.start && d.end ? (
                          <span
                            className={d.crossesMidnight ? 'font-medium text-indigo-800' : 'text-slate-800'}
                            title={d.crossesMidnight ? 'Selesai keesokan harinya' : undefined}
                          >
                            {/* Start over end: seven "08:00–17:00" side by side pushed Toleransi and the actions off a laptop's screen. */}
                            <span className="block">{d.start}–</span>
                            {d.end}
                            {d.crossesMidnight ? <span className="ml-0.5 text-xs">(+1)</span> : null}
                          </span>
                        ) : (
                          <span className="text-slate-500">Libur</span>
                        )}
                      </td>
                    ))}
                    <td className="whitespace-nowrap px-1.5 py-2 text-center text-slate-700">
                      {s.breakMinutes} menit
                      {s.breakPunch ? <span className="block text-xs text-amber-700">wajib absen</span> : null}
                    </td>
                    <td className="whitespace-nowrap px-1.5 py-2 text-center text-slate-700">{s.lateToleranceMinutes} menit</td>
                    <td className="px-1.5 py-2 text-center text-slate-700">{s.employeeCount}</td>
                    {canEdit ? (
                      <td className="sticky right-0 whitespace-nowrap bg-white py-2 pl-2 text-right" data-testid="row-actions">
                        <button type="button" onClick={() => onEdit(s)} className={buttonClass.icon} aria-label={`Edit jadwal ${s.name}`}>
                          <Pencil className="h-4 w-4" aria-hidden />
                        </button>
                        <button
                          type="button"
                          onClick={() => onDelete(s)}
                          disabled={s.isDefault}
                          className={`${buttonClass.icon} text-red-600`}
                          aria-label={`Hapus jadwal ${s.name}`}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                        </button>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
