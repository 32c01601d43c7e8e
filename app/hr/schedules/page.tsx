import { SchedulesPage } from '@/features/calendar/components/schedules/SchedulesPage';

// Jadwal Kerja for HR: the schedules, the roster and the assignments, as the admin has them (docs/roles.md).
export default function Page() {
  return <SchedulesPage canEditSchedules />;
}
