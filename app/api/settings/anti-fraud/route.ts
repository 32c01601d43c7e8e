import { route } from '@/lib/server/http';
import { antiFraudSettingsSchema } from '@/features/anti-fraud/validation/anti-fraud';
import { getAntiFraudSettings, updateAntiFraudSettings } from '@/features/anti-fraud/server/anti-fraud-settings';

/** Accuracy ceiling, clock tolerance, device policy and each office's IP allow-list (docs/anti-fraud.md). */
export const GET = route({ auth: ['admin', 'hr'] }, ({ user }) => getAntiFraudSettings(user));

export const PUT = route({ auth: ['admin'], body: antiFraudSettingsSchema }, ({ user, body }) => updateAntiFraudSettings(user, body));
