'use client';
// Tutup Harian (/admin/daily-close, /hr/daily-close): per office and day of a month, whether the daily
// close has run, with its counts per status; run or re-run one day or a range of the month (progress
// shown); the close time and its catch-up window. Rules: docs/daily-close.md, "The Tutup Harian page".
import { useCallback, useEffect, useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { RefreshButton } from '@/components/ui/Button';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog } from '@/lib/ui/alerts';
import { useLatestRequest } from '@/lib/ui/latest-request';
import { formatDateLong } from '@/lib/dates';
import type { CloseDayDto, CloseMonthDto } from '@/features/daily-close/types/daily-close';
import { CloseMonthTable } from '@/features/daily-close/components/CloseMonthTable';
import { CloseSettingsForm } from '@/features/daily-close/components/CloseSettingsForm';
import { RunRangeForm } from '@/features/daily-close/components/RunRangeForm';
import { useCloseRun } from '@/features/daily-close/components/useCloseRun';
import { CloseProgressBar } from '@/features/daily-close/components/CloseProgressBar';
import { OfficeSelect, useOfficeOptions } from '@/features/offices/components/OfficeFilter';

function thisMonth(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export function DailyClosePage() {
  const [month, setMonth] = useState(thisMonth);
  const [officeId, setOfficeId] = useState('');
  const offices = useOfficeOptions();
  const [data, setData] = useState<CloseMonthDto | null>(null);
  const [loading, setLoading] = useState(true);

  const begin = useLatestRequest();
  const load = useCallback(async () => {
    const latest = begin();
    setLoading(true);
    try {
      setData(await latest(api.get<CloseMonthDto>(`/daily-close?month=${month}${officeId ? `&officeId=${officeId}` : ''}`)));
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat tutup harian'));
    } finally {
      setLoading(false);
    }
  }, [begin, month, officeId]);

  useEffect(() => {
    void load();
  }, [load]);

  const { run, progress } = useCloseRun(load);
  const locked = !!data?.periodClosed || !!progress;

  const runDay = async (d: CloseDayDto) => {
    const again = d.state === 'closed' || d.state === 'waiting';
    const ok = await confirmDialog({
      title: again ? 'Jalankan Ulang Tutup Harian?' : 'Jalankan Tutup Harian?',
      text: `${formatDateLong(d.date)}: hari karyawan ${again ? 'diklasifikasi ulang' : 'diklasifikasi'} dari data terbaru.${
        d.state === 'today' ? ' Hari ini belum berakhir: hasilnya sementara.' : ''
      }`,
      confirmText: 'Ya, Jalankan',
      icon: 'question',
    });
    if (ok) await run([d.date], officeId);
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title="Tutup Harian"
        subtitle="Status tutup harian per kantor dan hari, beserta jumlah hari karyawan per status"
        actions={<RefreshButton loading={loading} onClick={() => void load()} />}
      />
      <section className="flex flex-wrap items-end gap-3" aria-label="Filter tutup harian">
        <div>
          <label htmlFor="close-month" className="mb-1 block text-sm font-medium text-slate-700">
            Bulan
          </label>
          <input
            id="close-month"
            type="month"
            value={month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        <div>
          <label htmlFor="close-office" className="mb-1 block text-sm font-medium text-slate-700">
            Kantor
          </label>
          <OfficeSelect
            id="close-office"
            value={officeId}
            offices={offices}
            onChange={setOfficeId}
            className="max-w-[14rem] rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
      </section>
      {data ? <CloseSettingsForm settings={data.settings} onSaved={() => void load()} /> : null}
      {data?.periodClosed ? (
        <p className="rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-800" data-testid="close-period-locked">
          {data.periodMessage} Tutup harian tidak dapat dijalankan di bulan ini sampai periode dibuka kembali (Tutup Periode).
        </p>
      ) : null}
      {data && data.month === month ? (
        <RunRangeForm
          month={month}
          today={data.offices.reduce((t, o) => (o.today < t ? o.today : t), '9999-12-31')}
          disabled={locked}
          onRun={(dates) => void run(dates, officeId)}
        />
      ) : null}
      {progress ? <CloseProgressBar progress={progress} /> : null}
      {loading && !data ? (
        <Spinner label="Memuat tutup harian..." />
      ) : data ? (
        data.offices.map((o) => <CloseMonthTable key={o.officeId} office={o} locked={locked} onRun={(d) => void runDay(d)} />)
      ) : null}
    </div>
  );
}
