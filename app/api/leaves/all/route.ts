import { json, route } from '@/lib/server/http';
import { leaveListQuery } from '@/features/leave/validation/leave';
import * as leave from '@/features/leave/server/leave-list';
import { pageHeaders } from '@/features/attendance/lib/history-pages';

// Admin and HR: everyone; a supervisor: the team (the service decides). With `page`, one page of the
// filtered list, its total in X-Total-Count (the attendance history's convention).
export const GET = route({ auth: 'user', query: leaveListQuery }, async ({ user, query }) => {
  if (!query.page) return leave.listAllLeaves(user, query);
  const { items, ...info } = await leave.pageLeaves(user, query);
  return json(items, { headers: pageHeaders(info) });
});
