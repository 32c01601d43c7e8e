import { route } from '@/lib/server/http';
import { closeSettingsSchema } from '@/features/daily-close/validation/daily-close';
import { updateCloseSettings } from '@/features/daily-close/server/close-run';

/** The daily close time and its catch-up window (admin, HR); audited as settings.daily_close. */
export const PUT = route({ auth: ['admin', 'hr'], body: closeSettingsSchema }, ({ user, body }) => updateCloseSettings(user, body));
