import { route } from '@/lib/server/http';
import { getOvertimeSettings, setOvertimeSettings } from '@/features/overtime/server/overtime-settings';
import { overtimeSettingsSchema } from '@/features/overtime/validation/overtime';

export const GET = route({ auth: 'user' }, () => getOvertimeSettings());
export const PUT = route({ auth: ['admin', 'hr'], body: overtimeSettingsSchema }, ({ user, body }) => setOvertimeSettings(user, body));
