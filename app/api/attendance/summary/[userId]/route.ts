import { route } from '@/lib/server/http';
import * as attendance from '@/lib/server/services/attendance';
import { userIdParam } from '@/lib/validation/attendance';

/** This month's present, absent and leave days and the rate, for the employee dashboard. */
export const GET = route({ auth: 'user', params: userIdParam }, ({ user, params }) => attendance.summary(user, params.userId));
