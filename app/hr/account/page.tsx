import { AccountPage } from '@/features/auth/components/AccountPage';
import { NotificationPrefsCard } from '@/features/notifications/components/NotificationPrefsCard';

export default function Page() {
  return (
    <AccountPage>
      <NotificationPrefsCard />
    </AccountPage>
  );
}
