import { route } from '@/lib/server/http';
import { summary } from '@/features/attendance/server/attendance-today';
import { userIdParam } from '@/features/attendance/validation/attendance';

/** This month's present, absent and leave days and the rate, for the employee dashboard. */
export const GET = route({ auth: 'user', params: userIdParam }, ({ user, params }) => summary(user, params.userId));
