import { HolidaysPage } from '@/features/calendar/components/holidays/HolidaysPage';

// Kalender Libur: HR keeps the calendar as the admin does (docs/roles.md).
export default function Page() {
  return <HolidaysPage />;
}
