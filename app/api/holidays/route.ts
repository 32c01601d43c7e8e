import { route } from '@/lib/server/http';
import * as holidays from '@/features/calendar/server/holidays';
import { holidaySchema, yearQuery } from '@/features/calendar/validation/calendar';

export const GET = route({ auth: 'user', query: yearQuery }, ({ user, query }) => holidays.listHolidays(user, query.year));
export const POST = route({ auth: ['admin', 'hr'], body: holidaySchema }, ({ user, body }) => holidays.createHoliday(user, body));
