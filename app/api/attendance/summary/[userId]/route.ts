import { route } from '@/lib/server/http';
import { summary } from '@/lib/server/services/attendance-today';
import { userIdParam } from '@/lib/validation/attendance';

/** This month's present, absent and leave days and the rate, for the employee dashboard. */
export const GET = route({ auth: 'user', params: userIdParam }, ({ user, params }) => summary(user, params.userId));
