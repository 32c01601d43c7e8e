import { route } from '@/lib/server/http';
import { listFailedDeliveries } from '@/features/notifications/server/notification-admin';

/** Notifikasi Gagal: deliveries whose every retry failed (docs/notifications.md). */
export const GET = route({ auth: ['admin'] }, () => listFailedDeliveries());
