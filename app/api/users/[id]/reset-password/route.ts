import { route, idParam } from '@/lib/server/http';
import { resetPasswordSchema } from '@/lib/validation/users';
import { resetPassword } from '@/lib/server/services/users';

export const POST = route({ auth: ['admin'], params: idParam, body: resetPasswordSchema }, ({ user, params }) =>
  resetPassword(user, params.id),
);
