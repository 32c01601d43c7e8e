import { route, json } from '@/lib/server/http';
import { changePasswordSchema } from '@/features/employees/validation/users';
import { changePassword } from '@/features/employees/server/profile';
import { setSessionCookie } from '@/lib/server/auth/cookie';

// Every other session ends; this browser gets the fresh token as its session cookie.
export const PUT = route({ auth: 'user', body: changePasswordSchema, beforePasswordChange: true }, async ({ req, user, body, ip }) => {
  const result = await changePassword(user, body, ip);
  return setSessionCookie(json(result), req, result.token);
});
