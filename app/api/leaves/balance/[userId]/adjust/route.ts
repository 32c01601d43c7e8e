import { route } from '@/lib/server/http';
import { userIdParam } from '@/features/leave/validation/leave';
import { balanceAdjustSchema } from '@/features/leave/validation/leave-ledger';
import * as ledger from '@/features/leave/server/leave-ledger';

export const POST = route({ auth: ['admin', 'hr'], params: userIdParam, body: balanceAdjustSchema }, ({ user, params, body }) =>
  ledger.adjustBalance(user, params.userId, body),
);
