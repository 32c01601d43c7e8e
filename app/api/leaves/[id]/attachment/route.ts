import { idParam, route } from '@/lib/server/http';
import * as decisions from '@/lib/server/services/leave-decisions';

export const GET = route({ auth: 'user', params: idParam }, ({ user, params }) => decisions.leaveAttachment(user, params.id));
