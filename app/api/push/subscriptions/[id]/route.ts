import { idParam, route } from '@/lib/server/http';
import { removePushSubscription } from '@/features/notifications/server/notification-preferences';

export const DELETE = route({ auth: 'user', params: idParam }, ({ user, params }) => removePushSubscription(user, params.id));
