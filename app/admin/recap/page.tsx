import { RecapPage } from '@/features/recap/components/RecapPage';

export default function Page() {
  return <RecapPage />;
}
