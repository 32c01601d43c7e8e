import { route } from '@/lib/server/http';
import { setCutiBersamaPolicy } from '@/lib/server/services/settings';
import { policySchema } from '@/lib/validation/calendar';

export const PUT = route({ auth: ['admin'], body: policySchema }, ({ user, body }) => setCutiBersamaPolicy(user, body.cutiBersamaPolicy));
