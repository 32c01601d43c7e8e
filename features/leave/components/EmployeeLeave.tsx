'use client';
// Pengajuan Cuti (/employee/leave): the employee's stats, the apply modal and their history.
import { useCallback, useEffect, useState } from 'react';
import { CalendarPlus } from 'lucide-react';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { PageHeader } from '@/components/ui/PageHeader';
import { LeaveStatsCards } from '@/features/leave/components/LeaveStatsCards';
import { LeaveHistory } from '@/features/leave/components/LeaveHistory';
import { LeaveFormModal } from '@/features/leave/components/LeaveFormModal';
import { LeaveBalance } from '@/features/leave/components/LeaveBalance';
import { officeToday, useOfficeTimezone } from '@/hooks/useOfficeTimezone';
import { api, ApiError } from '@/lib/api-client';
import type { LeavePolicyDto } from '@/features/leave/types/leave-ledger';
import { confirmDialog, toast } from '@/lib/ui/alerts';
import type { LeaveDto, LeaveStats } from '@/features/leave/types/leave';

const NO_STATS: LeaveStats = { total: 0, approved: 0, pending: 0, rejected: 0, cancelled: 0 };

export function EmployeeLeave() {
  const { user } = useAuth();
  const timeZone = useOfficeTimezone();
  const [leaves, setLeaves] = useState<LeaveDto[]>([]);
  const [stats, setStats] = useState<LeaveStats>(NO_STATS);
  const [loading, setLoading] = useState(true);
  const [formOpen, setFormOpen] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const [cancelApproved, setCancelApproved] = useState(false);
  const userId = user?.id;

  useEffect(() => {
    api.get<LeavePolicyDto>('/settings/leave-policy').then(
      (p) => setCancelApproved(!!p.employeeCancelApproved),
      () => setCancelApproved(false),
    );
  }, []);

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
    const ok = await confirmDialog({
      title: 'Batalkan Pengajuan?',
      text: 'Pengajuan cuti ini akan dibatalkan.',
      confirmText: 'Ya, Batalkan',
      cancelText: 'Tidak',
    });
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

  /** The days after today of an approved leave (when the company allows it) go back to the balance. */
  const cancelApprovedLeave = async (leave: LeaveDto) => {
    const today = officeToday(timeZone);
    const whole = leave.startDate > today;
    const ok = await confirmDialog({
      title: whole ? 'Batalkan Cuti?' : 'Batalkan Sisa Cuti?',
      text: whole
        ? 'Cuti yang sudah disetujui ini dibatalkan dan harinya kembali ke saldo.'
        : 'Hari cuti setelah hari ini dibatalkan dan kembali ke saldo; hari yang sudah dijalani tetap tercatat.',
      confirmText: 'Ya, Batalkan',
      cancelText: 'Tidak',
    });
    if (!ok) return;
    try {
      await api.post(`/leaves/${leave.id}/cancel`, {});
      void toast('success', whole ? 'Cuti dibatalkan' : 'Sisa cuti dibatalkan');
    } catch (err) {
      void toast('error', err instanceof ApiError && err.message ? err.message : 'Gagal membatalkan cuti');
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
      <LeaveHistory
        leaves={leaves}
        loading={loading}
        timeZone={timeZone}
        onCancel={(l) => void cancelLeave(l)}
        {...(cancelApproved ? { onCancelApproved: (l: LeaveDto) => void cancelApprovedLeave(l), today: officeToday(timeZone) } : {})}
      />
      {formOpen && userId ? (
        <LeaveFormModal userId={userId} today={officeToday(timeZone)} onClose={() => setFormOpen(false)} onApplied={onApplied} />
      ) : null}
    </div>
  );
}
