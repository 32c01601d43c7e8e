import { route } from '@/lib/server/http';
import { userIdParam } from '@/lib/validation/leave';
import * as ledger from '@/lib/server/services/leave-ledger';

export const GET = route({ auth: 'user', params: userIdParam }, ({ user, params }) => ledger.getBalance(user, params.userId));
