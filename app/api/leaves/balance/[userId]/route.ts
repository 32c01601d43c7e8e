import { route } from '@/lib/server/http';
import { userIdParam } from '@/features/leave/validation/leave';
import * as ledger from '@/features/leave/server/leave-ledger';

export const GET = route({ auth: 'user', params: userIdParam }, ({ user, params }) => ledger.getBalance(user, params.userId));
