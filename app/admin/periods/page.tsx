import { PeriodsPage } from '@/components/periods/PeriodsPage';

export default function Page() {
  return <PeriodsPage />;
}
