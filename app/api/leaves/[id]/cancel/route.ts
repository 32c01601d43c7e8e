import { idParam, route } from '@/lib/server/http';
import { leaveCancelSchema } from '@/features/leave/validation/leave-ledger';
import * as decisions from '@/features/leave/server/leave-decisions';

export const POST = route({ auth: 'user', params: idParam, body: leaveCancelSchema }, ({ user, params, body }) =>
  decisions.cancelLeave(user, params.id, body.note),
);
