'use client';
// Absensi Bulanan (/admin/attendance-grid, /hr/attendance-grid): the month as a grid of day codes, a page
// of employees at a time from the server (GET /api/recap/grid), its files (XLSX on A4 or F4, PDF, CSV)
// and the payroll file with its presets below. Codes and rules: docs/exports.md.
import { useCallback, useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { downloadUrl } from '@/features/attendance/components/ExportButtons';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, toast } from '@/lib/ui/alerts';
import { useLatestRequest } from '@/lib/ui/latest-request';
import { DivisionSelect, useDivisionOptions } from '@/features/divisions/components/DivisionFilter';
import { OfficeSelect, useOfficeOptions } from '@/features/offices/components/OfficeFilter';
import { GRID_EMPTY_LEGEND } from '@/features/recap/lib/grid-codes';
import type { GridDto } from '@/features/recap/types/grid';
import { PayrollPanel } from '@/features/payroll/components/PayrollPanel';

const PAGE_SIZE = 50;
const SHADE: Record<string, string> = { istirahat: 'bg-slate-200', libur: 'bg-red-100' };
const CODE_COLOR: Record<string, string> = { A: 'text-red-700 font-semibold', T: 'text-amber-800', LC: 'text-orange-800' };
const TOTALS = ['H', 'T', 'A', 'I', 'S', 'C', 'CB', 'L', 'DL', 'LC'] as const;

function lastMonth(): string {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

const FILES: { label: string; query: string }[] = [
  { label: 'XLSX (A4)', query: 'format=xlsx&paper=a4' },
  { label: 'XLSX (F4)', query: 'format=xlsx&paper=f4' },
  { label: 'PDF (A4)', query: 'format=pdf&paper=a4' },
  { label: 'PDF (F4)', query: 'format=pdf&paper=f4' },
  { label: 'CSV', query: 'format=csv' },
];

export function MonthGridPage() {
  const [month, setMonth] = useState(lastMonth);
  const [officeId, setOfficeId] = useState('');
  const [divisionId, setDivisionId] = useState('');
  const [page, setPage] = useState(1);
  const divisions = useDivisionOptions();
  const offices = useOfficeOptions();
  const [grid, setGrid] = useState<GridDto | null>(null);
  const [loading, setLoading] = useState(true);

  const filterQuery = `month=${month}${officeId ? `&officeId=${officeId}` : ''}${divisionId ? `&divisionId=${divisionId}` : ''}`;
  const begin = useLatestRequest();
  const load = useCallback(async () => {
    const latest = begin();
    setLoading(true);
    try {
      setGrid(await latest(api.get<GridDto>(`/recap/grid?${filterQuery}&page=${page}&pageSize=${PAGE_SIZE}`)));
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat absensi bulanan'));
    } finally {
      setLoading(false);
    }
  }, [begin, filterQuery, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const pages = grid ? Math.max(1, Math.ceil(grid.total / grid.pageSize)) : 1;
  const download = (query: string) => {
    if (!grid?.total) return void toast('warning', 'Tidak ada data untuk diexport');
    downloadUrl(`/api/recap/grid?${filterQuery}&${query}`);
    void toast('success', 'Absensi bulanan berhasil diexport', 2000);
  };
  const select = 'ml-2 rounded-lg border border-slate-300 px-3 py-2 text-sm';

  return (
    <div className="space-y-4">
      <PageHeader
        title="Absensi Bulanan"
        subtitle="Kode kehadiran per hari untuk setiap karyawan, dari hari yang sudah ditutup harian"
        actions={
          <div className="flex flex-wrap gap-2">
            {FILES.map((f) => (
              <button
                key={f.label}
                type="button"
                onClick={() => download(f.query)}
                disabled={loading}
                className="inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
              >
                <Download className="h-4 w-4" aria-hidden /> {f.label}
              </button>
            ))}
          </div>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm text-slate-700">
          Bulan
          <input
            type="month"
            value={month}
            onChange={(e) => {
              if (!e.target.value) return;
              setMonth(e.target.value);
              setPage(1);
            }}
            className={select}
          />
        </label>
        <label className="text-sm text-slate-700">
          Kantor
          <OfficeSelect
            id="grid-office"
            value={officeId}
            offices={offices}
            onChange={(v) => {
              setOfficeId(v);
              setPage(1);
            }}
            className={select}
          />
        </label>
        <label className="text-sm text-slate-700">
          Divisi
          <DivisionSelect
            id="grid-division"
            value={divisionId}
            divisions={divisions}
            onChange={(v) => {
              setDivisionId(v);
              setPage(1);
            }}
            className={select}
          />
        </label>
        {grid ? (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${grid.source === 'snapshot' ? 'bg-slate-800 text-white' : 'bg-green-100 text-green-800'}`}
            data-testid="grid-status"
          >
            {grid.source === 'snapshot' ? 'Periode ditutup (data beku)' : 'Periode terbuka (data berjalan)'}
          </span>
        ) : null}
      </div>
      {grid ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Keterangan kode" data-testid="grid-legend">
          {grid.legend.map((l) => (
            <li key={l.code}>
              <strong>{l.code}</strong> {l.label}
            </li>
          ))}
          <li>{GRID_EMPTY_LEGEND}</li>
          <li>
            <span className="inline-block h-3 w-3 rounded-sm bg-slate-200 align-middle" aria-hidden /> hari istirahat
          </li>
          <li>
            <span className="inline-block h-3 w-3 rounded-sm bg-red-100 align-middle" aria-hidden /> hari libur
          </li>
        </ul>
      ) : null}
      {loading && !grid ? (
        <Spinner label="Memuat absensi bulanan..." />
      ) : grid ? (
        <>
          <div
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
            role="region"
            aria-label="Absensi bulanan"
            tabIndex={0}
          >
            <table className="min-w-full text-xs" data-testid="grid-table">
              <caption className="px-2 py-2 text-left text-sm font-semibold text-slate-700">
                Absensi {grid.label} ({grid.total} karyawan)
              </caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="sticky left-0 bg-slate-50 px-2 py-1 text-left">
                    Nama Karyawan
                  </th>
                  {grid.days.map((d) => (
                    <th
                      key={d.date}
                      scope="col"
                      title={d.holiday ?? undefined}
                      className={`px-1 py-1 text-center font-medium ${d.holiday ? 'bg-red-100' : d.weekend ? 'bg-slate-200' : ''}`}
                    >
                      {d.day}
                      <span className="block text-[10px] font-normal">{d.weekday}</span>
                    </th>
                  ))}
                  {TOTALS.map((c) => (
                    <th key={c} scope="col" className="px-1 py-1 text-center">
                      {c}
                    </th>
                  ))}
                  <th scope="col" className="px-1 py-1 text-center">
                    Wajib
                  </th>
                  <th scope="col" className="px-1 py-1 text-center">
                    Hadir
                  </th>
                </tr>
              </thead>
              <tbody>
                {grid.rows.length === 0 ? (
                  <tr>
                    <td colSpan={grid.days.length + TOTALS.length + 3} className="px-2 py-6 text-center text-sm text-slate-600">
                      Tidak ada data
                    </td>
                  </tr>
                ) : (
                  grid.rows.map((r) => (
                    <tr key={r.userId} className="border-t border-slate-100" data-testid={`grid-row-${r.userId}`}>
                      <th scope="row" className="sticky left-0 bg-white px-2 py-1 text-left font-medium whitespace-nowrap">
                        {r.name}
                        <span className="block text-[10px] font-normal text-slate-600">
                          {[r.employeeNumber, r.officeName, r.division].filter(Boolean).join(' · ')}
                        </span>
                      </th>
                      {r.codes.map((c, i) => (
                        <td
                          key={grid.days[i]!.date}
                          className={`px-1 py-1 text-center ${SHADE[r.shades[i] ?? ''] ?? ''} ${CODE_COLOR[c] ?? ''}`}
                        >
                          {c}
                        </td>
                      ))}
                      {TOTALS.map((c) => (
                        <td key={c} className="px-1 py-1 text-center tabular-nums">
                          {r.totals[c]}
                        </td>
                      ))}
                      <td className="px-1 py-1 text-center tabular-nums">{r.totals.workDays}</td>
                      <td className="px-1 py-1 text-center tabular-nums">{r.totals.present}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <nav className="flex items-center justify-end gap-2 text-sm" aria-label="Halaman absensi bulanan">
            <button
              type="button"
              onClick={() => setPage((p) => Math.max(1, p - 1))}
              disabled={loading || page <= 1}
              className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-2 py-1 disabled:opacity-50"
              aria-label="Halaman sebelumnya"
            >
              <ChevronLeft className="h-4 w-4" aria-hidden />
            </button>
            <span data-testid="grid-page">
              Halaman {grid.page} dari {pages}
            </span>
            <button
              type="button"
              onClick={() => setPage((p) => Math.min(pages, p + 1))}
              disabled={loading || page >= pages}
              className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-2 py-1 disabled:opacity-50"
              aria-label="Halaman berikutnya"
            >
              <ChevronRight className="h-4 w-4" aria-hidden />
            </button>
          </nav>
        </>
      ) : null}
      <PayrollPanel month={month} closed={grid?.status === 'closed'} />
    </div>
  );
}
