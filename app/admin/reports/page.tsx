import { ReportsPage } from '@/features/reports/components/ReportsPage';
import { LeaveApprovalList } from '@/features/leave/components/LeaveApprovalList';

export default function Page() {
  return (
    <div className="space-y-6">
      <ReportsPage />
      <LeaveApprovalList />
    </div>
  );
}
