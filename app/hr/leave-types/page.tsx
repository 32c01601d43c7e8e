import { LeaveTypesAdmin } from '@/components/leave/LeaveTypesAdmin';
import { LeavePolicyForm } from '@/components/leave/LeavePolicyForm';
import { LeaveBalancesAdmin } from '@/components/leave/LeaveBalancesAdmin';
import { TeamLeaveCalendar } from '@/components/leave/TeamLeaveCalendar';
import { dateKeyInZone } from '@/lib/dates';

// Jenis Cuti for HR: the types and the leave policy read-only; balances (HR adjusts them) and the team calendar.
export default function Page() {
  return (
    <div className="space-y-6">
      <LeaveTypesAdmin />
      <LeavePolicyForm />
      <LeaveBalancesAdmin />
      <TeamLeaveCalendar initialMonth={dateKeyInZone(new Date()).slice(0, 7)} />
    </div>
  );
}
