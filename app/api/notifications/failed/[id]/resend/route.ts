import { idParam, route } from '@/lib/server/http';
import { resendDelivery } from '@/features/notifications/server/notification-admin';

export const POST = route({ auth: ['admin'], params: idParam }, ({ user, params }) => resendDelivery(user, params.id));
