import { route, idParam } from '@/lib/server/http';
import { updateUserSchema } from '@/lib/validation/users';
import { deleteUser, updateUser } from '@/lib/server/services/users';

export const PUT = route({ auth: ['admin'], params: idParam, body: updateUserSchema }, ({ user, params, body }) =>
  updateUser(user, params.id, body),
);

export const DELETE = route({ auth: ['admin'], params: idParam }, ({ user, params }) => deleteUser(user, params.id));
