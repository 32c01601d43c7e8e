import { MonthGridPage } from '@/features/recap/components/MonthGridPage';

export default function Page() {
  return <MonthGridPage />;
}
