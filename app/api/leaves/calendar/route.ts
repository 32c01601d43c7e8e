import { route } from '@/lib/server/http';
import { leaveCalendarQuery } from '@/lib/validation/leave-ledger';
import { leaveCalendar } from '@/lib/server/services/leave-calendar';

export const GET = route({ auth: 'user', query: leaveCalendarQuery }, ({ user, query }) => leaveCalendar(user, query));
