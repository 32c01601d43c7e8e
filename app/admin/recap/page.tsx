import { RecapPage } from '@/components/recap/RecapPage';

export default function Page() {
  return <RecapPage />;
}
