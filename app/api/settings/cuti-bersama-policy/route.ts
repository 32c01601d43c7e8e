import { route } from '@/lib/server/http';
import { setCutiBersamaPolicy } from '@/features/settings/server/settings';
import { policySchema } from '@/features/calendar/validation/calendar';

export const PUT = route({ auth: ['admin', 'hr'], body: policySchema }, ({ user, body }) =>
  setCutiBersamaPolicy(user, body.cutiBersamaPolicy),
);
