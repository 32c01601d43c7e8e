import { route } from '@/lib/server/http';
import { today } from '@/features/attendance/server/attendance-today';
import { userIdParam } from '@/features/attendance/validation/attendance';

export const GET = route({ auth: 'user', params: userIdParam }, ({ user, params }) => today(user, params.userId));
