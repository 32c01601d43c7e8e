'use client';
// Tutup Periode (/admin/periods, /hr/periods): the months of a year with their status and blockers; an admin
// or HR closes a month (with a reason, required when something blocks it: override) or reopens one (reason required).
// Rules: docs/periods.md.
import { useCallback, useEffect, useState } from 'react';
import { Lock, LockOpen, RefreshCw } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, loadSwal, toast } from '@/lib/ui/alerts';
import { useLatestRequest } from '@/lib/ui/latest-request';
import type { PeriodDto } from '@/features/periods/types/periods';
import type { RecapDto } from '@/features/recap/types/recap';
import { RecapSummary } from '@/features/recap/components/RecapPage';

/** Where each kind of blocker is resolved (the area's pages, below /admin or /hr). */
const RESOLVE: Record<string, { href: string; label: string }> = {
  pending_leave: { href: '/reports', label: 'Putuskan cuti' },
  unreviewed_flags: { href: '/attendance', label: 'Tinjau absensi' },
  pending_corrections: { href: '/corrections', label: 'Putuskan koreksi' },
  pending_overtime: { href: '/overtime', label: 'Putuskan lembur' },
  lupa_checkout: { href: '/corrections', label: 'Koreksi jam pulang' },
};

/**
 * How long the browser waits for a close: the server first waits for the writes into the month to finish
 * (at most 30 s for its turn, then its transaction may take up to 120 s: features/periods/server/periods.ts)
 * and freezes the month's recap for every employee. With the client's usual 10 s a close that took longer
 * on a busy server was reported as "Gagal Menutup Periode: timeout" although it went through.
 */
const CLOSE_TIMEOUT_MS = 150_000;

async function askReason(title: string, text: string, confirm: string, required: boolean): Promise<string | null> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    titleText: title,
    text,
    input: 'textarea',
    inputPlaceholder: required ? 'Alasan (wajib)' : 'Alasan (opsional)',
    inputAttributes: { 'aria-label': 'Alasan', maxlength: '500' },
    showCancelButton: true,
    confirmButtonText: confirm,
    cancelButtonText: 'Batal',
    confirmButtonColor: '#2563eb',
    inputValidator: (v) => (required && !v.trim() ? 'Alasan wajib diisi' : undefined),
  });
  if (!result.isConfirmed) return null;
  return typeof result.value === 'string' ? result.value.trim() : '';
}

export function PeriodsPage({ area = 'admin' }: { area?: 'admin' | 'hr' }) {
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [periods, setPeriods] = useState<PeriodDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [focus, setFocus] = useState<string | null>(null);
  const [recap, setRecap] = useState<RecapDto | null>(null);

  useEffect(() => {
    if (!focus) return setRecap(null);
    let live = true;
    api.get<RecapDto>(`/recap?month=${focus}`).then(
      (r) => live && setRecap(r),
      (err) => void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat rekap bulanan')),
    );
    return () => {
      live = false;
    };
  }, [focus, periods]);

  const begin = useLatestRequest();
  const load = useCallback(
    async (y: number) => {
      const latest = begin();
      setLoading(true);
      try {
        const { periods: rows } = await latest(api.get<{ periods: PeriodDto[] }>(`/periods?year=${y}`));
        setPeriods(rows);
      } catch (err) {
        void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat periode'));
      } finally {
        setLoading(false);
      }
    },
    [begin],
  );

  useEffect(() => {
    void load(year);
  }, [load, year]);

  const close = async (p: PeriodDto) => {
    const blocked = p.blockers.length > 0;
    const text = blocked
      ? `Masih ada kendala: ${p.blockers.map((b) => `${b.label} (${b.count})`).join(', ')}. Tutup tetap dengan alasan?`
      : `Setelah ditutup, data ${p.label} tidak dapat diubah sampai dibuka kembali.`;
    const reason = await askReason(`Tutup Periode ${p.label}`, text, 'Ya, Tutup', blocked);
    if (reason === null) return;
    try {
      const res = await api.post<{ message: string }>(
        `/periods/${p.month}/close`,
        { ...(reason ? { reason } : {}), ...(blocked ? { override: true } : {}) },
        { timeoutMs: CLOSE_TIMEOUT_MS },
      );
      void toast('success', res.message, 2000);
    } catch (err) {
      void alertDialog('error', 'Gagal Menutup Periode', errorMessage(err, 'Gagal menutup periode'));
    }
    void load(year);
  };

  const reopen = async (p: PeriodDto) => {
    const reason = await askReason(
      `Buka Kembali ${p.label}`,
      'Perubahan pada bulan ini akan diizinkan lagi. Alasan dicatat di audit.',
      'Ya, Buka',
      true,
    );
    if (reason === null) return;
    try {
      const res = await api.post<{ message: string }>(`/periods/${p.month}/reopen`, { reason });
      void toast('success', res.message, 2000);
    } catch (err) {
      void alertDialog('error', 'Gagal Membuka Periode', errorMessage(err, 'Gagal membuka periode'));
    }
    void load(year);
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title="Tutup Periode"
        subtitle="Kunci data absensi dan cuti per bulan untuk penggajian"
        actions={
          <div className="flex items-center gap-2">
            <label className="text-sm text-slate-700" htmlFor="period-year">
              Tahun
            </label>
            <select
              id="period-year"
              value={year}
              onChange={(e) => setYear(Number(e.target.value))}
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
            >
              {Array.from({ length: 6 }, (_, i) => new Date().getFullYear() - 4 + i).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
            <button
              type="button"
              onClick={() => void load(year)}
              disabled={loading}
              className="flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
            >
              <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden /> Refresh
            </button>
          </div>
        }
      />
      {loading && periods.length === 0 ? (
        <Spinner label="Memuat periode..." />
      ) : (
        <div
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
          role="region"
          aria-label="Daftar periode"
          tabIndex={0}
        >
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th className="px-4 py-3">Bulan</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Kendala</th>
                <th className="px-4 py-3">Keterangan</th>
                <th className="px-4 py-3">Aksi</th>
              </tr>
            </thead>
            <tbody>
              {periods.map((p) => (
                <tr key={p.month} className="border-t border-slate-100" data-testid={`period-${p.month}`}>
                  <td className="whitespace-nowrap px-4 py-3 font-medium text-slate-800">{p.label}</td>
                  <td className="px-4 py-3">
                    {p.status === 'closed' ? (
                      <span className="rounded-full bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">Ditutup</span>
                    ) : (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Terbuka</span>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    {p.status === 'closed' ? (
                      '-'
                    ) : p.blockers.length ? (
                      <ul className="list-disc pl-4 text-amber-800">
                        {p.blockers.map((b) => (
                          <li key={b.kind}>
                            {b.label}: {b.count}
                            {RESOLVE[b.kind] ? (
                              <>
                                {' '}
                                ·{' '}
                                <a href={`/${area}${RESOLVE[b.kind]!.href}`} className="font-medium text-blue-700 hover:underline">
                                  {RESOLVE[b.kind]!.label}
                                </a>
                              </>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    ) : p.ended ? (
                      'Tidak ada'
                    ) : (
                      '-'
                    )}
                  </td>
                  <td className="px-4 py-3 text-slate-600">
                    {p.status === 'closed'
                      ? `Ditutup ${p.closedByName ? `oleh ${p.closedByName}` : ''}${p.overrideReason ? ` (alasan: ${p.overrideReason})` : p.reason ? ` (${p.reason})` : ''}`
                      : p.reopenReason
                        ? `Dibuka kembali: ${p.reopenReason}`
                        : !p.ended
                          ? 'Belum berakhir'
                          : ''}
                  </td>
                  <td className="flex flex-wrap gap-2 px-4 py-3">
                    {p.ended || p.status === 'closed' ? (
                      <button
                        type="button"
                        onClick={() => setFocus(p.month)}
                        className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-50"
                      >
                        Lihat Rekap
                      </button>
                    ) : null}
                    {p.status === 'closed' ? (
                      <button
                        type="button"
                        onClick={() => void reopen(p)}
                        className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-50"
                      >
                        <LockOpen className="h-3.5 w-3.5" aria-hidden /> Buka Kembali
                      </button>
                    ) : p.ended ? (
                      <button
                        type="button"
                        onClick={() => void close(p)}
                        className="inline-flex items-center gap-1 rounded-lg bg-blue-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-blue-700"
                      >
                        <Lock className="h-3.5 w-3.5" aria-hidden /> Tutup Periode
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {focus ? (
        <section className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4" aria-label="Ringkasan rekap">
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold text-slate-800">
              Rekap {recap?.label ?? ''}
              {recap?.source === 'snapshot' ? ' (data beku saat ditutup)' : ''}
            </h2>
            <a href={`/${area}/recap`} className="text-sm font-medium text-blue-700 hover:underline">
              Buka Rekap Bulanan
            </a>
          </div>
          {recap ? <RecapSummary recap={recap} /> : <Spinner label="Memuat rekap..." />}
        </section>
      ) : null}
    </div>
  );
}
