import { HolidaysPage } from '@/components/holidays/HolidaysPage';

export default function Page() {
  return <HolidaysPage />;
}
