import { route } from '@/lib/server/http';
import * as attendance from '@/lib/server/services/attendance';
import { userIdParam } from '@/lib/validation/attendance';

export const GET = route({ auth: 'user', params: userIdParam }, ({ user, params }) => attendance.today(user, params.userId));
