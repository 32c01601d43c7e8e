'use client';
// Persetujuan Tim (/employee/team): the requests of the people who name this employee as their supervisor
// (atasan), decided here first and then by HR or an admin, the team's leave calendar, and the supervisor's
// delegate for a date range (docs/leave.md).
import { PageHeader } from '@/components/ui/PageHeader';
import { LeaveApprovalList } from '@/features/leave/components/LeaveApprovalList';
import { TeamLeaveCalendar } from '@/features/leave/components/TeamLeaveCalendar';
import { DelegatePanel } from '@/features/approvals/components/DelegatePanel';

export function TeamApprovals({ initialMonth, today }: { initialMonth: string; today: string }) {
  return (
    <div className="space-y-6">
      <PageHeader title="Persetujuan Tim" subtitle="Setujui atau tolak pengajuan cuti anggota tim Anda sebelum diputuskan HR" />
      <LeaveApprovalList title="Pengajuan Cuti Tim" />
      <TeamLeaveCalendar initialMonth={initialMonth} />
      <DelegatePanel today={today} />
    </div>
  );
}
