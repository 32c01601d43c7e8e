import { ReportsPage } from '@/components/reports/ReportsPage';
import { LeaveApprovalList } from '@/components/leave/LeaveApprovalList';

export default function Page() {
  return (
    <div className="space-y-6">
      <ReportsPage />
      <LeaveApprovalList />
    </div>
  );
}
