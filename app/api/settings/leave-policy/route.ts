import { route } from '@/lib/server/http';
import { leavePolicySchema } from '@/features/leave/validation/leave-ledger';
import { getLeavePolicy, updateLeavePolicy } from '@/features/leave/server/leave-policy';

export const GET = route({ auth: 'user' }, ({ user }) => getLeavePolicy(user));
export const PUT = route({ auth: ['admin', 'hr'], body: leavePolicySchema }, ({ user, body }) => updateLeavePolicy(user, body));
