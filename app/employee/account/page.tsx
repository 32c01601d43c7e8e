import { AccountPage } from '@/components/account/AccountPage';
import { EnrolFaceCard } from '@/components/face/EnrolFaceCard';
import { DeviceCard } from '@/components/devices/DeviceCard';

export default function Page() {
  return (
    <AccountPage>
      <EnrolFaceCard />
      <DeviceCard />
    </AccountPage>
  );
}
