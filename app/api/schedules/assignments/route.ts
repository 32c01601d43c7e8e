import { json, route } from '@/lib/server/http';
import * as schedules from '@/features/calendar/server/schedules';
import { assignmentListQuery } from '@/features/calendar/validation/calendar';
import { pageHeaders } from '@/features/attendance/lib/history-pages';

// Without `page`, the list as it always was; with it, one page with its total in X-Total-Count.
export const GET = route({ auth: ['admin', 'hr'], query: assignmentListQuery }, async ({ user, query }) => {
  if (query.page === undefined) return schedules.listAssignments(user, query);
  const { items, ...info } = await schedules.pageAssignments(user, { ...query, page: query.page });
  return json(items, { headers: pageHeaders(info) });
});
