import { LeaveTypesAdmin } from '@/components/leave/LeaveTypesAdmin';
import { LeaveBalancesAdmin } from '@/components/leave/LeaveBalancesAdmin';
import { TeamLeaveCalendar } from '@/components/leave/TeamLeaveCalendar';
import { dateKeyInZone } from '@/lib/dates';

// Jenis Cuti: the types and their policies, and every employee's balance with adjustments (docs/leave.md).
export default function Page() {
  return (
    <div className="space-y-6">
      <LeaveTypesAdmin />
      <LeaveBalancesAdmin />
      <TeamLeaveCalendar initialMonth={dateKeyInZone(new Date()).slice(0, 7)} />
    </div>
  );
}
