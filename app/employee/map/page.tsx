import { OfficeMapPage } from '@/features/attendance/components/OfficeMapPage';

export default function Page() {
  return <OfficeMapPage />;
}
