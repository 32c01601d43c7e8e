import { route } from '@/lib/server/http';
import { userIdParam } from '@/lib/validation/leave';
import { balanceAdjustSchema } from '@/lib/validation/leave-ledger';
import * as ledger from '@/lib/server/services/leave-ledger';

export const POST = route({ auth: ['admin', 'hr'], params: userIdParam, body: balanceAdjustSchema }, ({ user, params, body }) =>
  ledger.adjustBalance(user, params.userId, body),
);
