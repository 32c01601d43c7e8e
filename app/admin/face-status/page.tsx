import { FaceStatusPage } from '@/features/face/components/FaceStatusPage';

export default function Page() {
  return <FaceStatusPage />;
}
