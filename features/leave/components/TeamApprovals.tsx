'use client';
// Persetujuan Tim (/employee/team): the requests of the people who name this employee as their supervisor
// (atasan), decided here first and then by HR or an admin, and the team's leave calendar (docs/leave.md).
import { PageHeader } from '@/components/ui/PageHeader';
import { LeaveApprovalList } from '@/features/leave/components/LeaveApprovalList';
import { TeamLeaveCalendar } from '@/features/leave/components/TeamLeaveCalendar';

export function TeamApprovals({ initialMonth }: { initialMonth: string }) {
  return (
    <div className="space-y-6">
      <PageHeader title="Persetujuan Tim" subtitle="Setujui atau tolak pengajuan cuti anggota tim Anda sebelum diputuskan HR" />
      <LeaveApprovalList title="Pengajuan Cuti Tim" />
      <TeamLeaveCalendar initialMonth={initialMonth} />
    </div>
  );
}
