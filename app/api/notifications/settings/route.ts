import { route } from '@/lib/server/http';
import { getNotificationSettings, setNotificationSettings } from '@/features/notifications/server/notification-admin';
import { notificationSettingsSchema } from '@/features/notifications/validation/notifications';

/** The company's channels and reminders (docs/notifications.md). */
export const GET = route({ auth: ['admin'] }, () => getNotificationSettings());

export const PUT = route({ auth: ['admin'], body: notificationSettingsSchema }, ({ user, body }) => setNotificationSettings(user, body));
