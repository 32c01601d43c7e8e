import { route } from '@/lib/server/http';
import { generalSettingsSchema } from '@/lib/validation/settings';
import { getSettings, updateGeneralSettings } from '@/lib/server/services/settings';

export const GET = route({ auth: 'user' }, ({ user }) => getSettings(user));

export const PUT = route({ auth: ['admin'], body: generalSettingsSchema }, ({ user, body }) => updateGeneralSettings(user, body));
