import { route } from '@/lib/server/http';
import { listInbox } from '@/features/notifications/server/notification-inbox';
import { inboxQuery } from '@/features/notifications/validation/notifications';

/** One's own notifications, newest first, paged, with the unread count (docs/notifications.md). */
export const GET = route({ auth: 'user', query: inboxQuery }, ({ user, query }) => listInbox(user, query));
