import { ApprovalsInbox } from '@/features/approvals/components/ApprovalsInbox';
import { dateKeyInZone } from '@/lib/dates';

// Persetujuan: one inbox of leave, overtime, corrections and flagged attendance (docs/leave.md).
export default function Page() {
  return <ApprovalsInbox area="admin" today={dateKeyInZone(new Date())} />;
}
