import { route } from '@/lib/server/http';
import { getOvertimeSettings, setOvertimeSettings } from '@/lib/server/services/overtime-settings';
import { overtimeSettingsSchema } from '@/lib/validation/overtime';

export const GET = route({ auth: 'user' }, () => getOvertimeSettings());
export const PUT = route({ auth: ['admin'], body: overtimeSettingsSchema }, ({ user, body }) => setOvertimeSettings(user, body));
