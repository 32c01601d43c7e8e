'use client';
// Pengajuan Cuti (/employee/leave): the employee's stats, the apply modal and their history.
import { useCallback, useEffect, useState } from 'react';
import { CalendarPlus } from 'lucide-react';
import { useAuth } from '@/components/auth/AuthProvider';
import { PageHeader } from '@/components/ui/PageHeader';
import { LeaveStatsCards } from '@/components/leave/LeaveStatsCards';
import { LeaveHistory } from '@/components/leave/LeaveHistory';
import { LeaveFormModal } from '@/components/leave/LeaveFormModal';
import { LeaveBalance } from '@/components/leave/LeaveBalance';
import { officeToday, useOfficeTimezone } from '@/components/leave/useOfficeTimezone';
import { api } from '@/lib/api-client';
import { confirmDialog, toast } from '@/lib/ui/alerts';
import type { LeaveDto, LeaveStats } from '@/lib/validation/leave';

const NO_STATS: LeaveStats = { total: 0, approved: 0, pending: 0, rejected: 0, cancelled: 0 };

export function EmployeeLeave() {
  const { user } = useAuth();
  const timeZone = useOfficeTimezone();
  const [leaves, setLeaves] = useState<LeaveDto[]>([]);
  const [stats, setStats] = useState<LeaveStats>(NO_STATS);
  const [loading, setLoading] = useState(true);
  const [formOpen, setFormOpen] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const userId = user?.id;

  const load = useCallback(async () => {
    if (!userId) return;
    setLoading(true);
    const [list, counts] = await Promise.allSettled([
      api.get<LeaveDto[]>(`/leaves/user/${userId}`),
      api.get<LeaveStats>(`/leaves/stats/${userId}`),
    ]);
    if (list.status === 'fulfilled') setLeaves(Array.isArray(list.value) ? list.value : []);
    else void toast('error', 'Gagal memuat data pengajuan cuti');
    if (counts.status === 'fulfilled') setStats({ ...NO_STATS, ...counts.value });
    else if (list.status === 'fulfilled') void toast('error', 'Gagal memuat statistik cuti');
    setLoading(false);
  }, [userId]);

  useEffect(() => {
    void load();
  }, [load]);

  const onApplied = () => {
    setFormOpen(false);
    setRefresh((n) => n + 1);
    void load();
  };

  const cancelLeave = async (leave: LeaveDto) => {
    const ok = await confirmDialog({ title: 'Batalkan Pengajuan?', text: 'Pengajuan cuti ini akan dibatalkan.', confirmText: 'Ya, Batalkan', cancelText: 'Tidak' });
    if (!ok) return;
    try {
      await api.post(`/leaves/${leave.id}/cancel`, {});
      void toast('success', 'Pengajuan cuti dibatalkan');
    } catch {
      void toast('error', 'Gagal membatalkan pengajuan');
    }
    setRefresh((n) => n + 1);
    void load();
  };

  return (
    <div>
      <PageHeader
        title="Pengajuan Cuti"
        subtitle="Ajukan cuti dan pantau status pengajuan Anda"
        actions={
          <button
            type="button"
            onClick={() => setFormOpen(true)}
            disabled={!userId}
            className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white shadow-sm hover:bg-blue-700 disabled:opacity-60"
          >
            <CalendarPlus className="h-5 w-5" aria-hidden />
            Ajukan Cuti
          </button>
        }
      />
      {userId ? <LeaveBalance userId={userId} refreshKey={refresh} /> : null}
      <LeaveStatsCards stats={stats} />
      <LeaveHistory leaves={leaves} loading={loading} timeZone={timeZone} onCancel={(l) => void cancelLeave(l)} />
      {formOpen && userId ? (
        <LeaveFormModal userId={userId} today={officeToday(timeZone)} onClose={() => setFormOpen(false)} onApplied={onApplied} />
      ) : null}
    </div>
  );
}
