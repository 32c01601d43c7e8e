import { LeaveTypesAdmin } from '@/features/leave/components/LeaveTypesAdmin';
import { LeavePolicyForm } from '@/features/leave/components/LeavePolicyForm';
import { LeaveBalancesAdmin } from '@/features/leave/components/LeaveBalancesAdmin';
import { TeamLeaveCalendar } from '@/features/leave/components/TeamLeaveCalendar';
import { dateKeyInZone } from '@/lib/dates';

// Jenis Cuti for HR: the types and the leave policy (editable, HR's time work: docs/roles.md), balances with
// adjustments and the team calendar.
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
