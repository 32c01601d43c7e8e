import { route, idParam } from '@/lib/server/http';
import { reactivateUser } from '@/features/employees/server/users';

export const POST = route({ auth: ['admin', 'hr'], params: idParam }, ({ user, params }) => reactivateUser(user, params.id));
