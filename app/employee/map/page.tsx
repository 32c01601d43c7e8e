import { OfficeMapPage } from '@/components/attendance/OfficeMapPage';

export default function Page() {
  return <OfficeMapPage />;
}
