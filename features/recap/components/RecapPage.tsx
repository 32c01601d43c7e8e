'use client';
// Rekap Bulanan (/admin/recap, /hr/recap): the month's figures per employee and totals per office
// (GET /api/recap), the exports (GET /api/recap/export) and a drill-down to one employee's month as a
// calendar (GET /api/recap/{userId}). Rules: docs/recap.md.
import { useCallback, useEffect, useState } from 'react';
import { RefreshCw, X } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { ExportButtons } from '@/features/attendance/components/ExportButtons';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import { formatTime } from '@/lib/dates';
import type { EmployeeRecapDto, RecapDto, RecapRow, RecapTotals } from '@/features/recap/types/recap';
import { useLatestRequest } from '@/lib/ui/latest-request';

type Office = { id: string; name: string };

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

/** The previous month in the browser's clock: the month HR usually recaps. */
function lastMonth(): string {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

const num = (n: number) => n.toLocaleString('id-ID', { maximumFractionDigits: 2 });

function Figures({ r, recap }: { r: RecapRow | RecapTotals; recap: RecapDto }) {
  return (
    <>
      <td className="px-2 py-2 text-right">{num(r.workDays)}</td>
      <td className="px-2 py-2 text-right">{num(r.present)}</td>
      <td className="px-2 py-2 text-right">
        {num(r.lateCount)} / {num(r.lateMinutes)}
      </td>
      <td className="px-2 py-2 text-right">
        {num(r.earlyCount)} / {num(r.earlyMinutes)}
      </td>
      <td className="px-2 py-2 text-right">{num(r.alpa)}</td>
      {recap.leaveTypes.map((t) => (
        <td key={t} className="px-2 py-2 text-right">
          {num(r.leaveByType[t] ?? 0)}
        </td>
      ))}
      <td className="px-2 py-2 text-right">{num(r.sakit)}</td>
      <td className="px-2 py-2 text-right">{num(r.holidaysWorked + r.restDaysWorked)}</td>
      <td className="px-2 py-2 text-right">{num(r.lupaCheckout)}</td>
      <td className="px-2 py-2 text-right">{num(r.correctedDays)}</td>
      <td className="px-2 py-2 text-right">{num(r.overtime.equivalentHours)}</td>
      <td className="px-2 py-2 text-right whitespace-nowrap">
        {r.overtime.classes.map((c) => `×${num(c.multiplier)}: ${num(c.hours)}`).join(', ') || '-'}
      </td>
      <td className="px-2 py-2 text-right">{num(r.unresolvedFlags)}</td>
      <td className="px-2 py-2 text-right">{num(r.openDays)}</td>
    </>
  );
}

function Head({ recap, first }: { recap: RecapDto; first: string }) {
  return (
    <tr>
      <th scope="col" className="px-2 py-2">
        {first}
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Hari Wajib Hadir
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Hadir
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Terlambat (kali / menit)
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Pulang Cepat (kali / menit)
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Tidak Hadir
      </th>
      {recap.leaveTypes.map((t) => (
        <th key={t} scope="col" className="px-2 py-2 text-right">
          {t} (hari)
        </th>
      ))}
      <th scope="col" className="px-2 py-2 text-right">
        Sakit (hari)
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Masuk Hari Libur/Istirahat
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Lupa Check-out
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Hari Dikoreksi
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Lembur (jam setara)
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Lembur per Kelas (jam)
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Tanda Belum Ditinjau
      </th>
      <th scope="col" className="px-2 py-2 text-right">
        Belum Ditutup
      </th>
    </tr>
  );
}

/** A compact recap summary of a month (the Tutup Periode page shows it next to the blockers). */
export function RecapSummary({ recap }: { recap: RecapDto }) {
  const t = recap.totals;
  const items: [string, string][] = [
    ['Karyawan', num(t.employees)],
    ['Hari wajib hadir', num(t.workDays)],
    ['Hadir', num(t.present)],
    ['Tidak hadir', num(t.alpa)],
    ['Terlambat', `${num(t.lateCount)} kali / ${num(t.lateMinutes)} menit`],
    ['Cuti / Izin / Sakit (hari)', `${num(t.cuti)} / ${num(t.izin)} / ${num(t.sakit)}`],
    ['Lupa check-out', num(t.lupaCheckout)],
    ['Lembur (jam setara)', num(t.overtime.equivalentHours)],
    ['Hari belum ditutup', num(t.openDays)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3" data-testid="recap-summary">
      {items.map(([k, v]) => (
        <div key={k} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
          <dt className="text-xs text-slate-500">{k}</dt>
          <dd className="font-semibold text-slate-800">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function EmployeeMonth({ userId, month, onClose }: { userId: string; month: string; onClose: () => void }) {
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

export function RecapPage() {
  const [month, setMonth] = useState(lastMonth);
  const [officeId, setOfficeId] = useState('');
  const [offices, setOffices] = useState<Office[]>([]);
  const [recap, setRecap] = useState<RecapDto | null>(null);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    api.get<Office[]>('/offices').then(
      (o) => setOffices(Array.isArray(o) ? o : []),
      () => setOffices([]),
    );
  }, []);

  const begin = useLatestRequest();
  const load = useCallback(async () => {
    const latest = begin();
    setLoading(true);
    try {
      const fresh = await latest(api.get<RecapDto>(`/recap?month=${month}${officeId ? `&officeId=${officeId}` : ''}`));
      setRecap(fresh);
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat rekap bulanan'));
    } finally {
      setLoading(false);
    }
  }, [begin, month, officeId]);

  useEffect(() => {
    void load();
  }, [load]);

  const href = (format: string) => `/api/recap/export?month=${month}${officeId ? `&officeId=${officeId}` : ''}&format=${format}`;

  return (
    <div className="space-y-4">
      <PageHeader
        title="Rekap Bulanan"
        subtitle="Rekap kehadiran, cuti dan lembur per karyawan untuk penggajian"
        actions={<ExportButtons disabled={loading} empty={!recap?.rows.length} done="Rekap bulanan berhasil diexport" href={href} />}
      />
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm text-slate-700">
          Bulan
          <input
            type="month"
            value={month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
            className="ml-2 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <label className="text-sm text-slate-700">
          Kantor
          <select
            value={officeId}
            onChange={(e) => setOfficeId(e.target.value)}
            className="ml-2 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            <option value="">Semua Kantor</option>
            {offices.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={() => void load()}
          disabled={loading}
          className="flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden /> Refresh
        </button>
        {recap ? (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${recap.source === 'snapshot' ? 'bg-slate-800 text-white' : 'bg-green-100 text-green-800'}`}
            data-testid="recap-status"
          >
            {recap.source === 'snapshot' ? 'Periode ditutup (data beku)' : 'Periode terbuka (data berjalan)'}
          </span>
        ) : null}
      </div>
      {loading && !recap ? (
        <Spinner label="Memuat rekap..." />
      ) : recap ? (
        <>
          {recap.totals.openDays > 0 ? (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {recap.source === 'snapshot'
                ? `Saat periode ditutup, ${num(recap.totals.openDays)} hari karyawan belum ditutup oleh tutup harian; angka beku ini tidak menghitungnya. Buka kembali periode untuk menghitung ulang.`
                : `${num(recap.totals.openDays)} hari karyawan belum ditutup oleh tutup harian; angkanya belum dihitung (kolom Belum Ditutup).`}
            </p>
          ) : null}
          <div
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
            role="region"
            aria-label="Total per kantor"
            tabIndex={0}
          >
            <table className="min-w-full text-sm">
              <caption className="px-2 py-2 text-left font-semibold text-slate-700">Total per Kantor</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <Head recap={recap} first="Kantor" />
              </thead>
              <tbody>
                {recap.offices.map((o) => (
                  <tr key={o.officeId} className="border-t border-slate-100">
                    <td className="px-2 py-2 font-medium">
                      {o.officeName} ({o.employees})
                    </td>
                    <Figures r={o} recap={recap} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
            role="region"
            aria-label="Rekap per karyawan"
            tabIndex={0}
          >
            <table className="min-w-full text-sm">
              <caption className="px-2 py-2 text-left font-semibold text-slate-700">Per Karyawan</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <Head recap={recap} first="Nama Karyawan" />
              </thead>
              <tbody>
                {recap.rows.length === 0 ? (
                  <tr>
                    <td colSpan={14 + recap.leaveTypes.length} className="px-2 py-6 text-center text-slate-500">
                      Tidak ada data
                    </td>
                  </tr>
                ) : (
                  recap.rows.map((r) => (
                    <tr key={r.userId} className="border-t border-slate-100" data-testid={`recap-row-${r.userId}`}>
                      <td className="px-2 py-2">
                        <button
                          type="button"
                          onClick={() => setSelected(r.userId)}
                          className="text-left font-medium text-blue-700 hover:underline"
                        >
                          {r.name}
                        </button>
                        <div className="text-xs text-slate-500">{r.officeName}</div>
                      </td>
                      <Figures r={r} recap={recap} />
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          {selected ? (
            <EmployeeMonth key={`${selected}-${month}`} userId={selected} month={month} onClose={() => setSelected(null)} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
