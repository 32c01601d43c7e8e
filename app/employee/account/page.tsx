import { AccountPage } from '@/features/auth/components/AccountPage';
import { EnrolFaceCard } from '@/features/face/components/EnrolFaceCard';
import { DeviceCard } from '@/features/anti-fraud/components/DeviceCard';
import { NotificationPrefsCard } from '@/features/notifications/components/NotificationPrefsCard';

export default function Page() {
  return (
    <AccountPage>
      <EnrolFaceCard />
      <DeviceCard />
      <NotificationPrefsCard />
    </AccountPage>
  );
}
