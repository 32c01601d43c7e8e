import { route } from '@/lib/server/http';
import { getPreferences, setPreferences } from '@/features/notifications/server/notification-preferences';
import { preferencesSchema } from '@/features/notifications/validation/notifications';

export const GET = route({ auth: 'user' }, ({ user }) => getPreferences(user));

export const PUT = route({ auth: 'user', body: preferencesSchema }, ({ user, body }) => setPreferences(user, body));
