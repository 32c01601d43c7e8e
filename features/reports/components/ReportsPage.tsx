'use client';
// Laporan & Analytics: period picker, summary cards, daily trend, distribution and per-employee
// performance, all from GET /reports/summary (aggregated in the database), and the JSON export.
import { useHydrated } from '@/hooks/useHydrated';
import { useCallback, useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { CalendarRange, Download, Percent, UserCheck, UserX, Users } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { Panel, StatCard } from '@/components/ui/StatCard';
import { PerformanceTable, workingDaysText } from '@/features/reports/components/PerformanceTable';
import { EXPORT_DELAY_MS, exportFileName, reportExport } from '@/features/reports/components/export';
import { OfficeSelect, useOfficeOptions } from '@/features/offices/components/OfficeFilter';
import { api, errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/csv';
import { alertDialog, closeDialog, confirmDialog, showLoading, toast } from '@/lib/ui/alerts';
import { DEFAULT_TIMEZONE, dateKeyInZone, formatDateLong, isValidTimeZone } from '@/lib/dates';
import { periodIssue } from '@/features/reports/validation/reports';
import type { ReportDto } from '@/features/reports/types/reports';
import { useLatestRequest } from '@/lib/ui/latest-request';

const TrendChart = dynamic(() => import('@/features/reports/components/Charts').then((m) => m.TrendChart), {
  ssr: false,
  loading: () => <div className="h-64" />,
});
const DistributionChart = dynamic(() => import('@/features/reports/components/Charts').then((m) => m.DistributionChart), {
  ssr: false,
  loading: () => <div className="h-64" />,
});

/** officeId '' or absent: every office. */
type Period = { startDate: string; endDate: string; officeId?: string };
const input =
  'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200';
const monthToDate = (today: string): Period => ({ startDate: `${today.slice(0, 8)}01`, endDate: today });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function ReportsPage() {
  const hydrated = useHydrated();
  const [form, setForm] = useState<Period | null>(null);
  const [report, setReport] = useState<ReportDto | null>(null);
  const [loading, setLoading] = useState(true);
  const offices = useOfficeOptions();

  const begin = useLatestRequest();
  const load = useCallback(
    async (period: Period) => {
      const latest = begin();
      setLoading(true);
      try {
        const { officeId, ...dates } = period;
        const qs = new URLSearchParams(officeId ? { ...dates, officeId } : dates).toString();
        const summary = await latest(api.get<ReportDto>(`/reports/summary?${qs}`));
        setReport(summary);
        void toast('success', 'Data laporan berhasil dimuat', 2000);
      } catch (err) {
        console.error('[reports] load failed', err);
        void alertDialog('error', 'Gagal Memuat Laporan', errorMessage(err, 'Terjadi kesalahan'));
      } finally {
        setLoading(false);
      }
    },
    [begin],
  );

  useEffect(() => {
    // The default period (first of the month to today) is in the office timezone.
    let alive = true;
    // GET /settings names the main office's zone: the whole employee list (GET /reports/employees) is not needed for a date.
    api
      .get<{ timezone?: unknown }>('/settings')
      .then((s) => dateKeyInZone(new Date(), typeof s.timezone === 'string' && isValidTimeZone(s.timezone) ? s.timezone : DEFAULT_TIMEZONE))
      .catch(() => dateKeyInZone(new Date(), DEFAULT_TIMEZONE))
      .then((today) => {
        if (!alive) return;
        const initial = monthToDate(today);
        setForm(initial);
        void load(initial);
      });
    return () => {
      alive = false;
    };
  }, [load]);

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form || !form.startDate || !form.endDate) return void toast('error', 'Tanggal mulai dan tanggal selesai harus diisi');
    const issue = periodIssue(form.startDate, form.endDate);
    if (issue) return void toast(issue.kind === 'order' ? 'error' : 'warning', issue.message);
    void load(form);
  };

  const exportReport = async () => {
    if (!report) return void toast('error', 'Gagal mengexport laporan');
    const ok = await confirmDialog({
      title: 'Export Laporan',
      text: 'Laporan absensi periode ini akan diunduh sebagai file JSON. Lanjutkan?',
      confirmText: 'Ya, Export',
      icon: 'question',
    });
    if (!ok) return;
    try {
      showLoading('Menyiapkan laporan...');
      await sleep(EXPORT_DELAY_MS);
      const file = JSON.stringify(reportExport(report), null, 2);
      downloadFile(exportFileName(dateKeyInZone(new Date(), report.timezone)), file, 'application/json');
      closeDialog();
      void toast('success', 'Laporan berhasil diexport');
    } catch (err) {
      console.error('[reports] export failed', err);
      closeDialog();
      void toast('error', 'Gagal mengexport laporan');
    }
  };

  const s = report?.summary;
  const periodText = s ? `Periode: ${formatDateLong(s.dateRange.startDate)} - ${formatDateLong(s.dateRange.endDate)}` : 'Periode: -';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Laporan & Analytics"
        subtitle={
          <>
            <span className="block">Analisis data absensi dan pengajuan cuti karyawan</span>
            <span className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-blue-700" data-testid="period-text">
              <CalendarRange className="h-3.5 w-3.5" aria-hidden /> {periodText}
            </span>
          </>
        }
        actions={
          <button
            type="button"
            onClick={() => void exportReport()}
            disabled={!report || loading}
            className="inline-flex items-center gap-2 rounded-lg bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-50"
          >
            <Download className="h-4 w-4" aria-hidden /> Export
          </button>
        }
      />
      <form
        method="post"
        onSubmit={apply}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        <label className="text-sm font-medium text-slate-700">
          Dari Tanggal
          <input
            type="date"
            className={input}
            value={form?.startDate ?? ''}
            onChange={(e) => setForm((f) => ({ endDate: '', ...f, startDate: e.target.value }))}
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Sampai Tanggal
          <input
            type="date"
            className={input}
            value={form?.endDate ?? ''}
            onChange={(e) => setForm((f) => ({ startDate: '', ...f, endDate: e.target.value }))}
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Kantor
          <OfficeSelect
            id="report-office"
            className={input}
            value={form?.officeId ?? ''}
            offices={offices}
            onChange={(officeId) => setForm((f) => ({ startDate: '', endDate: '', ...f, officeId }))}
          />
        </label>
        <div className="flex items-end">
          <button
            type="submit"
            disabled={loading || !hydrated}
            className="w-full rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-50"
          >
            {loading ? 'Memuat...' : 'Terapkan'}
          </button>
        </div>
      </form>

      {loading && !report ? (
        <Spinner label="Memuat laporan..." />
      ) : report && s ? (
        <div className={`space-y-6 ${loading ? 'opacity-60' : ''}`} aria-busy={loading}>
          {loading ? <Spinner label="Memuat laporan..." className="py-2" /> : null}
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              testId="report-total"
              label="Total Karyawan"
              value={s.totalEmployees}
              hint={`${workingDaysText(s)} hari kerja`}
              icon={<Users className="h-5 w-5" />}
              tone="blue"
            />
            <StatCard
              testId="report-present"
              label="Hadir"
              value={s.totalPresent}
              hint="Total kehadiran"
              icon={<UserCheck className="h-5 w-5" />}
              tone="green"
            />
            <StatCard
              testId="report-absent"
              label="Tidak Hadir"
              value={s.totalAbsent}
              hint={s.totalLeave > 0 ? `Cuti disetujui: ${s.totalLeave.toLocaleString('id-ID')} hari` : 'Total ketidakhadiran'}
              icon={<UserX className="h-5 w-5" />}
              tone="red"
            />
            <StatCard
              testId="report-rate"
              label="Rate Kehadiran"
              value={`${s.attendanceRate.toFixed(1)}%`}
              hint="Hadir dibanding hari wajib hadir"
              icon={<Percent className="h-5 w-5" />}
              tone="purple"
            />
          </div>
          <div className="grid gap-6 xl:grid-cols-2">
            <Panel title="Trend Kehadiran Harian">
              <TrendChart data={report.dailyStats} />
            </Panel>
            <Panel title="Distribusi Kehadiran">
              <DistributionChart present={s.totalPresent} absent={s.totalAbsent} />
            </Panel>
          </div>
          <Panel title="Performance Karyawan">
            <PerformanceTable stats={report.employeeStats} workingDays={workingDaysText(s)} />
          </Panel>
        </div>
      ) : null}
    </div>
  );
}
