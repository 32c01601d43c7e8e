import { AccountPage } from '@/components/account/AccountPage';

export default function Page() {
  return <AccountPage />;
}
