import { route } from '@/lib/server/http';
import { leaveListQuery } from '@/lib/validation/leave';
import * as leave from '@/lib/server/services/leave';

export const GET = route({ auth: ['admin', 'hr'], query: leaveListQuery }, ({ user, query }) => leave.listAllLeaves(user, query));
