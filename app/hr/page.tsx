import { AdminDashboard } from '@/features/reports/components/AdminDashboard';

export default function Page() {
  return <AdminDashboard title="HR Dashboard" base="/hr" />;
}
