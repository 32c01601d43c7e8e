import { route } from '@/lib/server/http';
import { markRead } from '@/features/notifications/server/notification-inbox';
import { markReadSchema } from '@/features/notifications/validation/notifications';

export const POST = route({ auth: 'user', body: markReadSchema }, ({ user, body }) => markRead(user, body));
