import { route } from '@/lib/server/http';
import { userCalendar } from '@/lib/server/services/calendar';
import { userIdParam } from '@/lib/validation/attendance';
import { calendarQuery } from '@/lib/validation/calendar';

export const GET = route({ auth: 'user', params: userIdParam, query: calendarQuery }, ({ user, params, query }) =>
  userCalendar(user, params.userId, query),
);
