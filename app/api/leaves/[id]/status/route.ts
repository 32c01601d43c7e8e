import { idParam, route } from '@/lib/server/http';
import { leaveStatusSchema } from '@/lib/validation/leave';
import * as leave from '@/lib/server/services/leave';

export const PUT = route({ auth: ['admin', 'hr'], params: idParam, body: leaveStatusSchema }, ({ user, params, body }) =>
  leave.setLeaveStatus(user, params.id, body.status),
);
