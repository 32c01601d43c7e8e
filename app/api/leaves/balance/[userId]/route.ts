import { route } from '@/lib/server/http';
import { userIdParam } from '@/features/leave/validation/leave';
import * as balance from '@/features/leave/server/leave-balance';

export const GET = route({ auth: 'user', params: userIdParam }, ({ user, params }) => balance.getBalance(user, params.userId));
