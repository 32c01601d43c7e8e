import { DailyClosePage } from '@/features/daily-close/components/DailyClosePage';

export default function Page() {
  return <DailyClosePage />;
}
