import { idParam, route } from '@/lib/server/http';
import { leaveTypeSchema } from '@/features/leave/validation/leave-ledger';
import * as leaveTypes from '@/features/leave/server/leave-types';

export const PUT = route({ auth: ['admin', 'hr'], params: idParam, body: leaveTypeSchema }, ({ user, params, body }) =>
  leaveTypes.updateLeaveType(user, params.id, body),
);
