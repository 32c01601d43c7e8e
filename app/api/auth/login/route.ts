import { route, json } from '@/lib/server/http';
import { loginSchema } from '@/features/auth/validation/auth';
import { login } from '@/features/auth/server/auth';
import { setSessionCookie } from '@/lib/server/auth/cookie';

export const POST = route({ auth: 'public', body: loginSchema }, async ({ req, body, ip }) => {
  const session = await login(body, ip);
  return setSessionCookie(json(session), req, session.token);
});
