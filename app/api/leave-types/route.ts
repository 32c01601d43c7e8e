import { route } from '@/lib/server/http';
import { leaveTypeSchema } from '@/lib/validation/leave-ledger';
import * as leaveTypes from '@/lib/server/services/leave-types';

export const GET = route({ auth: 'user' }, ({ user }) => leaveTypes.listLeaveTypes(user));
export const POST = route({ auth: ['admin'], body: leaveTypeSchema }, ({ user, body }) => leaveTypes.createLeaveType(user, body));
