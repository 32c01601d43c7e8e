import { SchedulesPage } from '@/features/calendar/components/schedules/SchedulesPage';

export default function Page() {
  return <SchedulesPage canEditSchedules />;
}
