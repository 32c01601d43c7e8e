import { route } from '@/lib/server/http';
import { userIdParam } from '@/features/leave/validation/leave';
import * as leave from '@/features/leave/server/leave-list';

export const GET = route({ auth: 'user', params: userIdParam }, ({ user, params }) => leave.listUserLeaves(user, params.userId));
