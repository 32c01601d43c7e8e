import { AdminDashboard } from '@/components/dashboard/AdminDashboard';

export default function Page() {
  return <AdminDashboard title="HR Dashboard" base="/hr" />;
}
