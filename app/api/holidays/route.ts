import { route } from '@/lib/server/http';
import * as holidays from '@/lib/server/services/holidays';
import { holidaySchema, yearQuery } from '@/lib/validation/calendar';

export const GET = route({ auth: 'user', query: yearQuery }, ({ user, query }) => holidays.listHolidays(user, query.year));
export const POST = route({ auth: ['admin'], body: holidaySchema }, ({ user, body }) => holidays.createHoliday(user, body));
