import { route } from '@/lib/server/http';
import { leavePolicySchema } from '@/lib/validation/leave-ledger';
import { getLeavePolicy, updateLeavePolicy } from '@/lib/server/services/leave-policy';

export const GET = route({ auth: 'user' }, ({ user }) => getLeavePolicy(user));
export const PUT = route({ auth: ['admin'], body: leavePolicySchema }, ({ user, body }) => updateLeavePolicy(user, body));
