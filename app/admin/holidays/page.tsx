import { HolidaysPage } from '@/features/calendar/components/holidays/HolidaysPage';

export default function Page() {
  return <HolidaysPage />;
}
