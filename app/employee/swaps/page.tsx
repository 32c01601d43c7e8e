import { RosterSwaps } from '@/features/calendar/components/RosterSwaps';

export default function Page() {
  return <RosterSwaps area="employee" />;
}
