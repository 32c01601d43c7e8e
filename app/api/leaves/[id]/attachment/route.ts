import { idParam, route } from '@/lib/server/http';
import * as decisions from '@/features/leave/server/leave-decisions';

export const GET = route({ auth: 'user', params: idParam }, ({ user, params }) => decisions.leaveAttachment(user, params.id));
