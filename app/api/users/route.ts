import { route } from '@/lib/server/http';
import { listUsersQuery } from '@/features/employees/validation/users';
import { listUsers } from '@/features/employees/server/users';

export const GET = route({ auth: ['admin', 'hr'], query: listUsersQuery }, ({ user, query }) => listUsers(user, query));
