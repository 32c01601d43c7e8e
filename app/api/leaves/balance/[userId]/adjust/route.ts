import { route } from '@/lib/server/http';
import { userIdParam } from '@/features/leave/validation/leave';
import { balanceAdjustSchema } from '@/features/leave/validation/leave-ledger';
import * as balance from '@/features/leave/server/leave-balance';

export const POST = route({ auth: ['admin', 'hr'], params: userIdParam, body: balanceAdjustSchema }, ({ user, params, body }) =>
  balance.adjustBalance(user, params.userId, body),
);
