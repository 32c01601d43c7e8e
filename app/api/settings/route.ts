import { route } from '@/lib/server/http';
import { generalSettingsSchema } from '@/features/settings/validation/settings';
import { getSettings, updateGeneralSettings } from '@/features/settings/server/settings';

export const GET = route({ auth: 'user' }, ({ user }) => getSettings(user));

export const PUT = route({ auth: ['admin'], body: generalSettingsSchema }, ({ user, body }) => updateGeneralSettings(user, body));
