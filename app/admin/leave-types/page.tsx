import { LeaveTypesAdmin } from '@/components/leave/LeaveTypesAdmin';
import { LeaveBalancesAdmin } from '@/components/leave/LeaveBalancesAdmin';

// Jenis Cuti: the types and their policies, and every employee's balance with adjustments (docs/leave.md).
export default function Page() {
  return (
    <div className="space-y-6">
      <LeaveTypesAdmin />
      <LeaveBalancesAdmin />
    </div>
  );
}
