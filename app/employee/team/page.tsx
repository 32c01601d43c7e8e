import { TeamApprovals } from '@/features/leave/components/TeamApprovals';
import { dateKeyInZone } from '@/lib/dates';

// Persetujuan Tim: a supervisor (atasan) decides the team's leave first, and sees the team calendar (docs/leave.md).
export default function Page() {
  const today = dateKeyInZone(new Date());
  return <TeamApprovals initialMonth={today.slice(0, 7)} today={today} />;
}
