import { route, idParam } from '@/lib/server/http';
import { resetPasswordSchema } from '@/features/employees/validation/users';
import { resetPassword } from '@/features/employees/server/users';

export const POST = route({ auth: ['admin', 'hr'], params: idParam, body: resetPasswordSchema }, ({ user, params }) =>
  resetPassword(user, params.id),
);
