import { SchedulesPage } from '@/components/schedules/SchedulesPage';

export default function Page() {
  return <SchedulesPage canEditSchedules />;
}
