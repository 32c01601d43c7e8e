import { MyRecapPage } from '@/features/recap/components/MyRecapPage';

export default function Page() {
  return <MyRecapPage />;
}
