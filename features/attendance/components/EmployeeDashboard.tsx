'use client';
// Dashboard Karyawan (/employee): check-in/out and location buttons, the location box, four cards,
// today's activity and this month's attendance rate.
import { formatDistance } from '@/lib/geo';
import { useCallback, useEffect, useState } from 'react';
import { CalendarCheck, CalendarX, Clock, LogIn, LogOut, MapPin, RefreshCw } from 'lucide-react';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { LeaveBalance } from '@/features/leave/components/LeaveBalance';
import { PageHeader } from '@/components/ui/PageHeader';
import { Card, StatCard, methodLabel } from '@/features/attendance/components/parts';
import { officeFix, useOffice } from '@/features/attendance/components/useOffice';
import { useToday } from '@/features/attendance/components/useToday';
import { useAttendanceFlow } from '@/features/attendance/components/useAttendanceFlow';
import { useFaceWarmUp } from '@/features/face/components/useFaceWarmUp';
import { useLocationRefresh } from '@/features/attendance/components/useLocationRefresh';
import { ATTENDANCE_GEO, useGeolocation } from '@/hooks/useGeolocation';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import { formatDateLong, formatTimeWithZone } from '@/lib/dates';
import { todayStatus } from '@/features/attendance/lib/rules';
import type { MonthlySummary } from '@/features/attendance/types/attendance';

const DASHBOARD_ERROR = 'Gagal memuat data dashboard';
const btn =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';
const STATUS_TONE = { 'Belum Check-in': 'slate', 'Sudah Check-in': 'blue', 'Sudah Check-out': 'green' } as const;

const officeError = (m: string) => void toast('error', m);

function useMonth(userId: string | undefined) {
  const [summary, setSummary] = useState<MonthlySummary | null>(null);
  const [pendingLeaves, setPendingLeaves] = useState(0);
  const reload = useCallback(async () => {
    if (!userId) return;
    const [month, leaves] = await Promise.allSettled([
      api.get<MonthlySummary>(`/attendance/summary/${userId}`),
      api.get<{ pending: number }>(`/leaves/stats/${userId}`),
    ]);
    if (month.status === 'fulfilled') setSummary(month.value);
    else void toast('error', DASHBOARD_ERROR);
    setPendingLeaves(leaves.status === 'fulfilled' ? Number(leaves.value.pending) || 0 : 0);
  }, [userId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { summary, pendingLeaves, reload };
}

export function EmployeeDashboard() {
  const { user } = useAuth();
  const geo = useGeolocation(ATTENDANCE_GEO, 'attendance');
  const { office, loading: officeLoading, failed: officeFailed } = useOffice(officeError, geo.position);
  const { today, reload: reloadToday } = useToday(user?.id, DASHBOARD_ERROR);
  const month = useMonth(user?.id);
  const refreshLocation = useLocationRefresh(geo.refresh);
  const onDone = useCallback(async () => {
    await Promise.all([reloadToday(), month.reload()]);
  }, [reloadToday, month]);
  const flow = useAttendanceFlow({
    userId: user?.id,
    office,
    officeLoading,
    officeFailed,
    position: geo.position,
    refreshLocation: geo.refresh,
    onDone,
  });
  // A punch still to make today: the face engine gets ready while the page is idle.
  useFaceWarmUp(!!today && !today.checkOut);
  const fix = officeFix(office, geo.position);
  const status = todayStatus(today);
  const rate = month.summary?.attendanceRate ?? 0;

  return (
    <div className="space-y-6">
      {/* The date's line is kept while today loads (a blank line), so nothing below moves when it arrives. */}
      <PageHeader title="Dashboard Karyawan" subtitle={today ? formatDateLong(today.date) : '\u00a0'} />

      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={`${btn} bg-green-700 text-white hover:bg-green-800`}
          disabled={!!today?.checkIn || flow.busy || !flow.ready || !today}
          onClick={() => void flow.start('check-in')}
        >
          <LogIn className="h-4 w-4" aria-hidden /> Check-in dengan Wajah
        </button>
        <button
          type="button"
          className={`${btn} bg-orange-600 text-white hover:bg-orange-700`}
          disabled={!today?.checkIn || !!today?.checkOut || flow.busy || !flow.ready}
          onClick={() => void flow.start('check-out')}
        >
          <LogOut className="h-4 w-4" aria-hidden /> Check-out dengan Wajah
        </button>
        <button
          type="button"
          className={`${btn} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          disabled={geo.loading}
          onClick={() => void refreshLocation()}
        >
          <RefreshCw className={`h-4 w-4 ${geo.loading ? 'animate-spin' : ''}`} aria-hidden /> Refresh Lokasi
        </button>
      </div>

      <div
        data-testid="dashboard-location"
        className={`flex items-start gap-3 rounded-xl border p-4 text-sm ${fix ? (fix.inside ? 'border-green-200 bg-green-50 text-green-800' : 'border-red-200 bg-red-50 text-red-800') : 'border-slate-200 bg-white text-slate-600'}`}
      >
        <MapPin className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <div>
          <p className="font-semibold">
            {geo.loading
              ? 'Mendeteksi lokasi...'
              : fix
                ? fix.inside
                  ? 'Anda berada dalam radius kantor'
                  : 'Anda berada di luar radius kantor'
                : (geo.error ?? 'Lokasi tidak terdeteksi')}
          </p>
          {geo.position ? <p>Akurasi: ±{formatDistance(geo.position.accuracy)}</p> : null}
          {office ? (
            <p>
              Radius kantor: {formatDistance(office.radius)}
              {fix ? <span data-testid="dashboard-distance"> · Jarak: {formatDistance(fix.distance)}</span> : null}
            </p>
          ) : null}
          {office?.name ? (
            <p data-testid="dashboard-office">
              Kantor terdekat: {office.name} ({office.zone})
            </p>
          ) : null}
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Status Hari Ini" value={status} tone={STATUS_TONE[status]} testId="card-today-status" />
        <StatCard label="Hadir Bulan Ini" value={`${month.summary?.presentDays ?? 0} hari`} tone="green" testId="card-present" />
        <StatCard
          label="Tidak Hadir"
          value={`${month.summary?.absentDays ?? 0} hari`}
          hint={month.summary?.leaveDays ? `${month.summary.leaveDays} hari cuti tidak dihitung` : undefined}
          tone="red"
          testId="card-absent"
        />
        <StatCard label="Cuti Pending" value={month.pendingLeaves} hint="Menunggu persetujuan" tone="yellow" testId="card-pending-leave" />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Aktivitas Hari Ini">
          <ul className="space-y-3 text-sm" data-testid="today-activity">
            <li className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-2 text-slate-700">
                <CalendarCheck className="h-4 w-4 text-green-600" aria-hidden /> Check-in
              </span>
              <span className="text-right">
                <span className="font-semibold text-slate-900">
                  {today?.checkIn ? formatTimeWithZone(today.checkIn.timestamp, today.timezone) : 'Belum check-in'}
                </span>
                {today?.checkIn ? (
                  <span className="block text-xs text-slate-500">{methodLabel(today.checkIn.verificationMethod)}</span>
                ) : null}
              </span>
            </li>
            <li className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-2 text-slate-700">
                <CalendarX className="h-4 w-4 text-orange-600" aria-hidden /> Check-out
              </span>
              <span className="text-right">
                <span className="font-semibold text-slate-900">
                  {today?.checkOut ? formatTimeWithZone(today.checkOut.timestamp, today.timezone) : 'Belum check-out'}
                </span>
                {today?.checkOut ? (
                  <span className="block text-xs text-slate-500">{methodLabel(today.checkOut.verificationMethod)}</span>
                ) : null}
              </span>
            </li>
          </ul>
        </Card>
        <Card title="Tingkat Kehadiran">
          <div className="flex items-center gap-3">
            <Clock className="h-5 w-5 text-blue-600" aria-hidden />
            <span className="text-3xl font-bold text-slate-900" data-testid="attendance-rate">
              {rate}%
            </span>
            <span className="text-sm text-slate-500">bulan ini</span>
          </div>
          <div
            className="mt-3 h-3 w-full overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-valuenow={rate}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="Tingkat kehadiran"
          >
            <div
              className={`h-full rounded-full ${rate >= 80 ? 'bg-green-500' : rate >= 60 ? 'bg-yellow-500' : 'bg-red-500'}`}
              style={{ width: `${Math.min(100, rate)}%` }}
            />
          </div>
          {month.summary ? (
            <p className="mt-2 text-xs text-slate-500">
              {month.summary.presentDays} hadir dari {month.summary.presentDays + month.summary.absentDays} hari
            </p>
          ) : null}
        </Card>
      </div>

      {/* Last: the balance and its quotas arrive after the rest and can be taller than a phone's screen
          half; above the buttons they pushed "Check-in dengan Wajah" down as it was about to be tapped
          (Lighthouse: cumulative layout shift 0.33 on a phone). */}
      {user?.id ? <LeaveBalance userId={user.id} showLedger={false} /> : null}

      {flow.dialog}
    </div>
  );
}
