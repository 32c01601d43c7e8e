import { route } from '@/lib/server/http';
import * as attendance from '@/lib/server/services/attendance';
import { historyQuerySchema, userIdParam } from '@/lib/validation/attendance';

export const GET = route({ auth: 'user', params: userIdParam, query: historyQuerySchema }, ({ user, params, query }) =>
  attendance.history(user, params.userId, query),
);
