import { json, route } from '@/lib/server/http';
import { history } from '@/features/attendance/server/attendance-history';
import { historyQuerySchema, userIdParam } from '@/features/attendance/validation/attendance';
import { pageHeaders } from '@/features/attendance/lib/history-pages';

/** A list of entries as the contract says, one page of it (`page`, `limit`); page info in X-* headers. */
export const GET = route({ auth: 'user', params: userIdParam, query: historyQuerySchema }, async ({ user, params, query }) => {
  const { entries, ...info } = await history(user, params.userId, query);
  return json(entries, { headers: pageHeaders(info) });
});
