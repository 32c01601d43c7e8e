import { PeriodsPage } from '@/features/periods/components/PeriodsPage';

export default function Page() {
  return <PeriodsPage />;
}
