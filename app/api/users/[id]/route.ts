import { route, idParam } from '@/lib/server/http';
import { updateUserSchema } from '@/features/employees/validation/users';
import { deleteUser, updateUser } from '@/features/employees/server/users';

export const PUT = route({ auth: ['admin', 'hr'], params: idParam, body: updateUserSchema }, ({ user, params, body }) =>
  updateUser(user, params.id, body),
);

export const DELETE = route({ auth: ['admin', 'hr'], params: idParam }, ({ user, params }) => deleteUser(user, params.id));
