import { idParam, route } from '@/lib/server/http';
import { leaveTypeSchema } from '@/lib/validation/leave-ledger';
import * as leaveTypes from '@/lib/server/services/leave-types';

export const PUT = route({ auth: ['admin'], params: idParam, body: leaveTypeSchema }, ({ user, params, body }) =>
  leaveTypes.updateLeaveType(user, params.id, body),
);
