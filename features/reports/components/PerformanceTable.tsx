// Performance Karyawan: present and absent days with their percent, a capped rate bar coloured
// green (≥ 80), yellow (≥ 60) or red; a footer with the average rate, the best employee and the days analysed.
import type { EmployeeStat, ReportSummary } from '@/features/reports/types/reports';

export function rateTone(rate: number): { bar: string; text: string } {
  if (rate >= 80) return { bar: 'bg-green-500', text: 'text-green-700' };
  if (rate >= 60) return { bar: 'bg-yellow-500', text: 'text-yellow-700' };
  return { bar: 'bg-red-500', text: 'text-red-700' };
}

const pct = (part: number, whole: number) => (whole > 0 ? ((part / whole) * 100).toFixed(1) : '0.0');

export function bestEmployee(stats: EmployeeStat[]): EmployeeStat | null {
  return [...stats].sort((a, b) => b.attendanceRate - a.attendanceRate || b.present - a.present || a.name.localeCompare(b.name))[0] ?? null;
}

/**
 * "22" or, when the report's employees have different numbers of working days, "22–27" (the
 * report's hari kerja: features/reports/server/reports.ts).
 */
export function workingDaysText(s: Pick<ReportSummary, 'totalDays' | 'workingDays'>): string {
  const { min, max } = s.workingDays ?? { min: s.totalDays, max: s.totalDays };
  return min === max ? String(min) : `${min}–${max}`;
}

export function PerformanceTable({ stats, workingDays }: { stats: EmployeeStat[]; workingDays: string }) {
  if (stats.length === 0) return <p className="py-8 text-center text-sm text-slate-500">Belum ada data karyawan</p>;
  const average = stats.reduce((s, e) => s + e.attendanceRate, 0) / stats.length;
  const best = bestEmployee(stats);
  return (
    <div>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tabel performa karyawan">
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="performance-table">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              <th className="px-4 py-3">Karyawan</th>
              <th className="px-4 py-3">Hadir</th>
              <th className="px-4 py-3">Tidak Hadir</th>
              <th className="px-4 py-3">Rate</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {stats.map((e) => {
              const due = e.present + e.absent;
              const tone = rateTone(e.attendanceRate);
              return (
                <tr key={e.userId}>
                  <td className="px-4 py-3">
                    <p className="font-medium text-slate-900">{e.name}</p>
                    <p className="text-xs text-slate-500">
                      {[e.employeeNumber, e.position, e.division].filter(Boolean).join(' · ')}
                      {e.leave > 0 ? ` · Cuti ${e.leave.toLocaleString('id-ID')} hari` : ''}
                    </p>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-green-700">
                    {e.present} <span className="text-xs text-slate-500">({pct(e.present, due)}%)</span>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-red-700">
                    {e.absent} <span className="text-xs text-slate-500">({pct(e.absent, due)}%)</span>
                  </td>
                  <td className="min-w-40 px-4 py-3">
                    <div className="flex items-center gap-2">
                      <div
                        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
                        role="progressbar"
                        aria-valuenow={e.attendanceRate}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-label={`Rate ${e.name}`}
                      >
                        <div className={`h-full rounded-full ${tone.bar}`} style={{ width: `${Math.min(100, e.attendanceRate)}%` }} />
                      </div>
                      <span className={`w-14 text-right text-xs font-semibold ${tone.text}`}>{e.attendanceRate.toFixed(1)}%</span>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <dl className="grid gap-3 border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm sm:grid-cols-3" data-testid="performance-footer">
        <div>
          <dt className="text-xs text-slate-500">Rata-rata Rate</dt>
          <dd className={`font-semibold ${rateTone(average).text}`}>{average.toFixed(1)}%</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Karyawan Terbaik</dt>
          <dd className="font-semibold text-slate-900">{best ? `${best.name} (${best.attendanceRate.toFixed(1)}%)` : '-'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Total Hari Dianalisis</dt>
          <dd className="font-semibold text-slate-900" title="Hari kerja menurut jadwal kerja karyawan dalam laporan, sampai hari ini">
            {workingDays} hari kerja
          </dd>
        </div>
      </dl>
    </div>
  );
}
