import { route, json } from '@/lib/server/http';
import { clearSessionCookie } from '@/lib/server/auth/cookie';
import { logout } from '@/features/auth/server/sessions';

// Ends this session on the server (its token is refused from now on) and clears the cookie;
// the account's sessions on other devices stay.
export const POST = route({ auth: 'public' }, async ({ req }) => {
  await logout(req.headers);
  return clearSessionCookie(json({ message: 'Logout berhasil' }), req);
});
