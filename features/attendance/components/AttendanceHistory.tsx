'use client';
// Riwayat Absensi (/employee/history): date filter (any range, both dates optional), table of every
// entry of the range (read page by page), empty state, error banner, exports (CSV, XLSX, PDF,
// JSON) of the applied range, streamed by the server.
// A request the server refuses (bad input) shows its reason as a warning, not the load-failure banner.
import { useHydrated } from '@/hooks/useHydrated';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Inbox, X } from 'lucide-react';
import { ExportButtons } from '@/features/attendance/components/ExportButtons';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { HistoryEntryRow } from '@/features/attendance/components/HistoryEntryRow';
import { useOffice } from '@/features/attendance/components/useOffice';
import { ApiError } from '@/lib/api-client';
import { loadWholeHistory, type HistoryPeriod } from '@/features/attendance/components/loadHistory';
import { toast } from '@/lib/ui/alerts';
import type { HistoryEntry } from '@/features/attendance/types/attendance';
import { useLatestRequest } from '@/lib/ui/latest-request';

const LOAD_ERROR = 'Gagal memuat riwayat absensi. Silakan coba lagi.';
const input =
  'rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200';
const btn = 'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-50';

type Period = HistoryPeriod;

export function AttendanceHistory() {
  const hydrated = useHydrated();
  const { user } = useAuth();
  const { timezone } = useOffice();
  const [form, setForm] = useState<Period>({ startDate: '', endDate: '' });
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const applied = useRef<Period>({ startDate: '', endDate: '' });

  const begin = useLatestRequest();
  const load = useCallback(
    async (period: Period) => {
      if (!user) return;
      const latest = begin();
      applied.current = period;
      setLoading(true);
      setError(null);
      try {
        const rows = await latest(loadWholeHistory(user.id, period));
        setEntries(rows);
      } catch (err) {
        console.error('[history]', err);
        if (err instanceof ApiError && err.status === 400) {
          void toast('warning', err.message);
        } else {
          setEntries([]);
          setError(LOAD_ERROR);
        }
      } finally {
        setLoading(false);
      }
    },
    [begin, user],
  );

  useEffect(() => {
    void load({ startDate: '', endDate: '' });
  }, [load]);

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    if (form.startDate && form.endDate && form.startDate > form.endDate) {
      void toast('error', 'Tanggal mulai tidak boleh setelah tanggal selesai');
      return;
    }
    void load(form);
  };

  const reset = () => {
    const empty = { startDate: '', endDate: '' };
    setForm(empty);
    void load(empty);
  };

  const exportHref = (format: string) => {
    const qs = new URLSearchParams({ format });
    if (applied.current.startDate) qs.set('startDate', applied.current.startDate);
    if (applied.current.endDate) qs.set('endDate', applied.current.endDate);
    return `/api/attendance/history/${user?.id ?? ''}/export?${qs.toString()}`;
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Riwayat Absensi"
        subtitle="Riwayat check-in dan check-out Anda"
        actions={<ExportButtons disabled={loading} empty={!entries.length} done="Riwayat absensi berhasil diexport" href={exportHref} />}
      />

      {error ? (
        <div
          role="alert"
          className="flex items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700"
        >
          <span>{error}</span>
          <button
            type="button"
            onClick={() => setError(null)}
            aria-label="Tutup pesan kesalahan"
            className="rounded p-0.5 hover:bg-red-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ) : null}

      <form
        method="post"
        onSubmit={apply}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Dari Tanggal
          <input
            type="date"
            className={input}
            value={form.startDate}
            onChange={(e) => setForm((f) => ({ ...f, startDate: e.target.value }))}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Sampai Tanggal
          <input type="date" className={input} value={form.endDate} onChange={(e) => setForm((f) => ({ ...f, endDate: e.target.value }))} />
        </label>
        <button type="submit" className={`${btn} bg-blue-600 text-white hover:bg-blue-700`} disabled={loading || !hydrated}>
          Terapkan
        </button>
        <button
          type="button"
          onClick={reset}
          className={`${btn} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          disabled={loading}
        >
          Reset
        </button>
      </form>

      <div
        className="rounded-xl border border-slate-200 bg-white shadow-sm sm:overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="Tabel riwayat absensi"
      >
        {loading ? (
          <Spinner label="Memuat riwayat absensi..." />
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-12 text-center text-slate-500">
            <Inbox className="h-10 w-10" aria-hidden />
            <p className="font-semibold text-slate-700">Tidak ada data</p>
            <p className="text-sm">Tidak ada riwayat absensi untuk periode yang dipilih</p>
          </div>
        ) : (
          <table className="block w-full text-sm sm:table sm:min-w-full sm:divide-y sm:divide-slate-200">
            <thead className="hidden bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 sm:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Tanggal
                </th>
                <th scope="col" className="px-4 py-3">
                  Check-in
                </th>
                <th scope="col" className="px-4 py-3">
                  Check-out
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Lokasi
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-100 sm:table-row-group">
              {entries.map((e) => (
                <HistoryEntryRow key={e.id} e={e} timezone={timezone} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
