import { route, json } from '@/lib/server/http';
import { registerPayloadSchema } from '@/features/auth/validation/auth';
import { register } from '@/features/auth/server/auth';
import { setSessionCookie } from '@/lib/server/auth/cookie';

export const POST = route({ auth: 'optional', body: registerPayloadSchema }, async ({ req, user, body, ip }) => {
  const result = await register(user, body, ip);
  if (!result.session) return json({ user: result.user, message: result.message }, { status: 201 });
  const res = json({ token: result.session.token, user: result.user, message: result.message }, { status: 201 });
  return setSessionCookie(res, req, result.session.token);
});
