import { route } from '@/lib/server/http';
import { leaveCalendarQuery } from '@/features/leave/validation/leave-ledger';
import { leaveCalendar } from '@/features/leave/server/leave-calendar';

export const GET = route({ auth: 'user', query: leaveCalendarQuery }, ({ user, query }) => leaveCalendar(user, query));
