import { NotificationsAdmin } from '@/features/notifications/components/NotificationsAdmin';

// Notifikasi: channels, reminders and Notifikasi Gagal (docs/notifications.md).
export default function Page() {
  return <NotificationsAdmin />;
}
