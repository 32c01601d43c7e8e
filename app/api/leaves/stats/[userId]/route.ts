import { route } from '@/lib/server/http';
import { userIdParam } from '@/lib/validation/leave';
import * as leave from '@/lib/server/services/leave';

export const GET = route({ auth: 'user', params: userIdParam }, ({ user, params }) => leave.userLeaveStats(user, params.userId));
