import { idParam, route } from '@/lib/server/http';
import { decideSwap } from '@/features/calendar/server/roster-swaps';
import { swapStatusSchema } from '@/features/calendar/validation/roster-swaps';

// consent: the colleague; approve: the requester's supervisor, HR or admin; reject: either (checked in the service).
export const PUT = route({ auth: 'user', params: idParam, body: swapStatusSchema }, ({ user, params, body }) =>
  decideSwap(user, params.id, body),
);
