import { route } from '@/lib/server/http';
import { leaveTypeSchema } from '@/features/leave/validation/leave-ledger';
import * as leaveTypes from '@/features/leave/server/leave-types';

export const GET = route({ auth: 'user' }, ({ user }) => leaveTypes.listLeaveTypes(user));
export const POST = route({ auth: ['admin', 'hr'], body: leaveTypeSchema }, ({ user, body }) => leaveTypes.createLeaveType(user, body));
