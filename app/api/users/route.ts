import { route } from '@/lib/server/http';
import { listUsersQuery } from '@/lib/validation/users';
import { listUsers } from '@/lib/server/services/users';

export const GET = route({ auth: ['admin', 'hr'], query: listUsersQuery }, ({ user, query }) => listUsers(user, query));
