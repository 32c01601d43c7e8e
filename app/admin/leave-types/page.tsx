import { LeaveTypesAdmin } from '@/features/leave/components/LeaveTypesAdmin';
import { LeavePolicyForm } from '@/features/leave/components/LeavePolicyForm';
import { LeaveBalancesAdmin } from '@/features/leave/components/LeaveBalancesAdmin';
import { TeamLeaveCalendar } from '@/features/leave/components/TeamLeaveCalendar';
import { dateKeyInZone } from '@/lib/dates';

// Jenis Cuti: the types and their policies (editable), the leave policy, every employee's balance with
// adjustments, and the team calendar (docs/leave.md).
export default function Page() {
  return (
    <div className="space-y-6">
      <LeaveTypesAdmin editable />
      <LeavePolicyForm editable />
      <LeaveBalancesAdmin />
      <TeamLeaveCalendar initialMonth={dateKeyInZone(new Date()).slice(0, 7)} />
    </div>
  );
}
