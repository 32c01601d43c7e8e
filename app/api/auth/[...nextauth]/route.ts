// next-auth's browser client (SessionProvider, features/auth/components/AuthProvider.tsx) reads the session here;
// the app signs in and out through POST /api/auth/login and /api/auth/logout. Only what that client
// calls answers: session (GET; POST for update()) and csrf (GET, which update() asks for first).
// next-auth's own sign-in, sign-out, callback, providers, error, verify-request and _log endpoints are
// closed (404): they redirect to and advertise NEXTAUTH_URL, which is http://localhost:3000 when unset.
import { randomBytes } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { json, route } from '@/lib/server/http';
import { notFound } from '@/lib/server/errors';
import { sessionPayload } from '@/lib/server/auth/next-auth';
import { setSessionCookie } from '@/lib/server/auth/cookie';
import { signToken, verifyToken } from '@/lib/server/auth/token';
import { tokenFromHeaders, type SessionUser } from '@/lib/server/auth/session';
import { nextAuthParams as params } from '@/features/auth/validation/auth';

/** The session, and for a browser (cookie) session a renewed cookie: the session lasts while it is used. */
function session(req: NextRequest, user: SessionUser | null) {
  const res = json(sessionPayload(user));
  const claims = user && !req.headers.get('authorization') ? verifyToken(tokenFromHeaders(req.headers)) : null;
  return claims ? setSessionCookie(res, req, signToken(claims)) : res;
}

export const GET = route({ auth: 'optional', params }, ({ req, user, params: action }) => {
  if (action === 'session') return session(req, user);
  if (action === 'csrf') return { csrfToken: randomBytes(32).toString('hex') };
  throw notFound();
});

export const POST = route({ auth: 'optional', params }, ({ req, user, params: action }) => {
  if (action === 'session') return session(req, user);
  throw notFound();
});
