import { route } from '@/lib/server/http';
import { today } from '@/lib/server/services/attendance-today';
import { userIdParam } from '@/lib/validation/attendance';

export const GET = route({ auth: 'user', params: userIdParam }, ({ user, params }) => today(user, params.userId));
