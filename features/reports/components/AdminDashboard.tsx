'use client';
// Admin Dashboard (/admin, also /hr): today's figures, recent activity and top performers, all from
// GET /dashboard/admin (aggregated in the database). A failed load is only logged; the page keeps its data.
import { useCallback, useEffect, useState } from 'react';
import Link from 'next/link';
import { Activity, CalendarClock, RefreshCw, ScanFace, UserCheck, Users } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { Panel, StatCard, percent } from '@/components/ui/StatCard';
import { RecentActivity } from '@/features/reports/components/RecentActivity';
import { TopPerformers } from '@/features/reports/components/TopPerformers';
import { OfficeSelect, useOfficeOptions } from '@/features/offices/components/OfficeFilter';
import { api } from '@/lib/api-client';
import type { AdminDashboardDto } from '@/features/reports/types/dashboard';

const REFRESH_MS = 60_000;

function Overview({ data }: { data: AdminDashboardDto }) {
  const s = data.stats;
  const cells = [
    { label: 'Total', value: s.totalEmployees, cls: 'text-slate-900' },
    { label: 'Hadir', value: s.todayPresent, cls: 'text-green-600' },
    { label: 'Tidak Hadir', value: s.todayAbsent, cls: 'text-red-600' },
    { label: 'Rate', value: percent(s.attendanceRate), cls: 'text-blue-600' },
  ];
  return (
    <Panel title="Overview Kehadiran">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="overview">
        {cells.map((c) => (
          <div key={c.label} className="rounded-lg bg-slate-50 p-3 text-center">
            <dt className="text-xs font-medium text-slate-500">{c.label}</dt>
            <dd className={`mt-1 text-xl font-bold ${c.cls}`}>{c.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        <div className="h-full rounded-full bg-green-500" style={{ width: `${Math.min(100, s.attendanceRate)}%` }} />
      </div>
      {s.todayOnLeave > 0 || !data.isWorkingDay ? (
        <p className="mt-3 text-xs text-slate-500">
          {s.todayOnLeave > 0 ? `${s.todayOnLeave} karyawan sedang cuti hari ini. ` : ''}
          {data.isWorkingDay ? '' : 'Hari ini bukan hari kerja, tidak ada yang dihitung tidak hadir.'}
        </p>
      ) : null}
    </Panel>
  );
}

export function AdminDashboard({ title = 'Admin Dashboard', base = '/admin' }: { title?: string; base?: string }) {
  const [data, setData] = useState<AdminDashboardDto | null>(null);
  const [loading, setLoading] = useState(false);
  const offices = useOfficeOptions();
  const [officeId, setOfficeId] = useState('');

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await api.get<AdminDashboardDto>(`/dashboard/admin${officeId ? `?officeId=${encodeURIComponent(officeId)}` : ''}`));
    } catch (err) {
      console.error('[dashboard] load failed', err);
    } finally {
      setLoading(false);
    }
  }, [officeId]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const updated = data
    ? new Date(data.updatedAt).toLocaleTimeString('id-ID', {
        timeZone: data.timezone,
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    : null;
  const refresh = (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="dashboard-office" className="sr-only">
        Kantor
      </label>
      <OfficeSelect
        id="dashboard-office"
        value={officeId}
        offices={offices}
        onChange={setOfficeId}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200"
      />
      <button
        type="button"
        onClick={() => void load()}
        disabled={loading}
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
      >
        <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden /> Refresh
      </button>
    </div>
  );

  if (!data) {
    return (
      <div>
        <PageHeader title={title} actions={refresh} />
        {loading ? <Spinner label="Memuat dashboard..." /> : <p className="text-sm text-slate-500">Data dashboard belum tersedia.</p>}
      </div>
    );
  }

  const s = data.stats;
  return (
    <div className="space-y-6">
      <PageHeader title={title} subtitle={<span data-testid="last-updated">Terakhir diperbarui: {updated}</span>} actions={refresh} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          testId="card-status"
          label="Status Hari Ini"
          value={
            <span className={s.todayPresent > 0 ? 'text-green-600' : 'text-slate-500'}>
              {s.todayPresent > 0 ? 'Active' : 'No Activity'}
            </span>
          }
          hint={`${s.todayPresent} dari ${s.totalEmployees} hadir`}
          icon={<Activity className="h-5 w-5" />}
          tone={s.todayPresent > 0 ? 'green' : 'slate'}
        />
        <StatCard
          testId="card-total"
          label="Total Karyawan"
          value={s.totalEmployees}
          hint="Karyawan aktif"
          icon={<Users className="h-5 w-5" />}
          tone="blue"
        />
        <StatCard
          testId="card-present"
          label="Hadir Hari Ini"
          value={s.todayPresent}
          hint={`${percent(s.attendanceRate)} kehadiran`}
          icon={<UserCheck className="h-5 w-5" />}
          tone="green"
        />
        <StatCard
          testId="card-pending"
          label="Cuti Pending"
          value={s.pendingLeaves}
          hint="Menunggu persetujuan"
          icon={<CalendarClock className="h-5 w-5" />}
          tone="yellow"
        />
      </div>
      <Link
        href={`${base}/attendance?review=perlu`}
        data-testid="card-face-review"
        className={`flex items-center justify-between gap-3 rounded-xl border p-4 shadow-sm ${s.needsReview > 0 ? 'border-red-200 bg-red-50 hover:bg-red-100' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
      >
        <span className="flex items-center gap-3">
          <ScanFace className={`h-6 w-6 ${s.needsReview > 0 ? 'text-red-600' : 'text-slate-400'}`} aria-hidden />
          <span>
            <span className="block text-sm font-semibold text-slate-900">Perlu Tinjauan</span>
            <span className="block text-xs text-slate-600">
              Absensi yang ditandai (wajah, perangkat, lokasi, jam, jaringan …) dan belum ditinjau
            </span>
          </span>
        </span>
        <span
          className={`text-2xl font-bold ${s.needsReview > 0 ? 'text-red-700' : 'text-slate-600'}`}
          data-testid="card-face-review-value"
        >
          {s.needsReview}
        </span>
      </Link>
      <Overview data={data} />
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <RecentActivity items={data.recentActivity} timezone={data.timezone} />
        <TopPerformers items={data.topPerformers} />
      </div>
    </div>
  );
}
