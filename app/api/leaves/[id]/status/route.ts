import { idParam, route } from '@/lib/server/http';
import { leaveStatusSchema } from '@/features/leave/validation/leave';
import * as decisions from '@/features/leave/server/leave-decisions';

// Any signed-in user: the service lets through a supervisor (first step) and admin or HR (last step).
export const PUT = route({ auth: 'user', params: idParam, body: leaveStatusSchema }, ({ user, params, body }) =>
  decisions.setLeaveStatus(user, params.id, body.status, body.note),
);
