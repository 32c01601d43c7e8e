import { AccountPage } from '@/features/auth/components/AccountPage';
import { EnrolFaceCard } from '@/features/face/components/EnrolFaceCard';
import { DeviceCard } from '@/features/anti-fraud/components/DeviceCard';

export default function Page() {
  return (
    <AccountPage>
      <EnrolFaceCard />
      <DeviceCard />
    </AccountPage>
  );
}
