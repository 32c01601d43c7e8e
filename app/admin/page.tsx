import { AdminDashboard } from '@/components/dashboard/AdminDashboard';

export default function Page() {
  return <AdminDashboard title="Admin Dashboard" base="/admin" />;
}
