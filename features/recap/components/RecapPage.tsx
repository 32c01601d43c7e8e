'use client';
// Rekap Bulanan (/admin/recap, /hr/recap): the month's figures per employee and totals per office
// (GET /api/recap), the exports (GET /api/recap/export) and a drill-down to one employee's month as a
// calendar (GET /api/recap/{userId}). Rules: docs/recap.md.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { ExportButtons } from '@/features/attendance/components/ExportButtons';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import type { RecapDto } from '@/features/recap/types/recap';
import { Figures, Head, figureColumns, num } from '@/features/recap/components/RecapTable';
import { RecapEmployeeMonth } from '@/features/recap/components/RecapEmployeeMonth';
import { useLatestRequest } from '@/lib/ui/latest-request';
import { DivisionSelect, useDivisionOptions } from '@/features/divisions/components/DivisionFilter';
import { OfficeSelect, useOfficeOptions } from '@/features/offices/components/OfficeFilter';
import { DEFAULT_PAGE_SIZE, Pagination } from '@/features/attendance/components/Pagination';

/** The previous month in the browser's clock: the month HR usually recaps. */
function lastMonth(): string {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
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

export function RecapPage() {
  const [month, setMonth] = useState(lastMonth);
  const [officeId, setOfficeId] = useState('');
  const [divisionId, setDivisionId] = useState('');
  const divisions = useDivisionOptions();
  const offices = useOfficeOptions();
  const [recap, setRecap] = useState<RecapDto | null>(null);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);

  const filterQuery = `${officeId ? `&officeId=${officeId}` : ''}${divisionId ? `&divisionId=${divisionId}` : ''}`;
  const begin = useLatestRequest();
  const load = useCallback(async () => {
    const latest = begin();
    setLoading(true);
    try {
      // The server pages the employees (the totals stay the whole month's): thousands of rows never reach the browser.
      const fresh = await latest(api.get<RecapDto>(`/recap?month=${month}${filterQuery}&page=${page}&limit=${size}`));
      setRecap(fresh);
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat rekap bulanan'));
    } finally {
      setLoading(false);
    }
  }, [begin, month, filterQuery, page, size]);

  // Another month or filter is another list: back to its first page.
  useEffect(() => setPage(1), [month, filterQuery, size]);
  useEffect(() => {
    void load();
  }, [load]);

  // The figure columns of the page's tables: those of the files too (features/recap/lib/columns.ts).
  const columns = useMemo(() => (recap ? figureColumns(recap) : []), [recap]);
  const href = (format: string) => `/api/recap/export?month=${month}${filterQuery}&format=${format}`;

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
          <OfficeSelect
            id="recap-office"
            value={officeId}
            offices={offices}
            onChange={setOfficeId}
            className="ml-2 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <label className="text-sm text-slate-700">
          Divisi
          <DivisionSelect
            id="recap-division"
            value={divisionId}
            divisions={divisions}
            onChange={setDivisionId}
            className="ml-2 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
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
                <Head columns={columns} first="Kantor" />
              </thead>
              <tbody>
                {recap.offices.map((o) => (
                  <tr key={o.officeId} className="border-t border-slate-100">
                    <td className="px-2 py-2 font-medium">
                      {o.officeName} ({o.employees})
                    </td>
                    <Figures r={o} columns={columns} />
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
                <Head columns={columns} first="Nama Karyawan" />
              </thead>
              <tbody>
                {recap.rows.length === 0 ? (
                  <tr>
                    <td colSpan={1 + columns.length} className="px-2 py-6 text-center text-slate-500">
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
                        <div className="text-xs text-slate-500">
                          {[r.employeeNumber, r.officeName, r.division].filter(Boolean).join(' · ')}
                        </div>
                      </td>
                      <Figures r={r} columns={columns} />
                    </tr>
                  ))
                )}
              </tbody>
            </table>
            {(recap.total ?? 0) > size ? (
              <Pagination page={page} total={recap.total ?? 0} size={size} onPage={setPage} onSize={setSize} />
            ) : null}
          </div>
          {selected ? (
            <RecapEmployeeMonth key={`${selected}-${month}`} userId={selected} month={month} onClose={() => setSelected(null)} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
