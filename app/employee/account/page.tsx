import { AccountPage } from '@/components/account/AccountPage';
import { EnrolFaceCard } from '@/components/face/EnrolFaceCard';

export default function Page() {
  return (
    <AccountPage>
      <EnrolFaceCard />
    </AccountPage>
  );
}
