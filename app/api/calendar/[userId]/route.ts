import { route } from '@/lib/server/http';
import { userCalendar } from '@/features/calendar/server/calendar';
import { userIdParam } from '@/features/attendance/validation/attendance';
import { calendarQuery } from '@/features/calendar/validation/calendar';

export const GET = route({ auth: 'user', params: userIdParam, query: calendarQuery }, ({ user, params, query }) =>
  userCalendar(user, params.userId, query),
);
