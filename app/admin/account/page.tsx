import { AccountPage } from '@/features/auth/components/AccountPage';

export default function Page() {
  return <AccountPage />;
}
