import { SchedulesPage } from '@/features/calendar/components/schedules/SchedulesPage';

// HR sees the schedules read-only; the roster and the assignments are theirs as well.
export default function Page() {
  return <SchedulesPage canEditSchedules={false} />;
}
