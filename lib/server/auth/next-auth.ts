// next-auth v4 (JWT strategy, no provider) reads the browser session for server components. Its jwt
// encode/decode use our own signer, and its cookie is our session cookie, so the cookie set by
// POST /api/auth/login, the Bearer token and next-auth's session are one token format. Its HTTP
// endpoints are ours (app/api/auth/[...nextauth]/route.ts): only session and csrf answer.
import 'server-only';
import type { NextAuthOptions, Session } from 'next-auth';
import { getServerSession } from 'next-auth';
import { getEnv } from '@/lib/env';
import { SESSION_COOKIE, sessionTtlSeconds, signToken, verifyToken, type TokenClaims } from '@/lib/server/auth/token';
import { userFromClaims, type SessionUser } from '@/lib/server/auth/session';
import { toUserDto, type UserDto } from '@/lib/server/dto';
import { isRole } from '@/lib/roles';

export type AppSession = Session & { user?: UserDto };

/** The claims next-auth carries; a renewed cookie keeps the session id (jti), so logout ends every copy. */
function claimsOf(token: Record<string, unknown> | null | undefined): TokenClaims | null {
  if (!token) return null;
  const { sub, role, tv, jti } = token;
  return typeof sub === 'string' && isRole(role) && typeof tv === 'number' && typeof jti === 'string' ? { sub, role, tv, jti } : null;
}

let options: NextAuthOptions | undefined;

export function getAuthOptions(): NextAuthOptions {
  if (options) return options;
  const env = getEnv();
  options = {
    secret: env.AUTH_SECRET,
    session: { strategy: 'jwt', maxAge: sessionTtlSeconds() },
    cookies: {
      sessionToken: {
        name: SESSION_COOKIE,
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure: env.NODE_ENV === 'production' },
      },
    },
    jwt: {
      encode: async ({ token }) => {
        const claims = claimsOf(token as Record<string, unknown>);
        return claims ? signToken(claims) : '';
      },
      decode: async ({ token }) => verifyToken(token) as unknown as null,
    },
    // No provider: signing in is POST /api/auth/login; next-auth only reads the session cookie.
    providers: [],
    callbacks: {
      jwt: async ({ token, user }) => {
        if (user)
          Object.assign(token, {
            sub: user.id,
            role: (user as { role?: string }).role,
            tv: (user as { tv?: number }).tv,
            jti: (user as { jti?: string }).jti,
          });
        return token;
      },
      session: async ({ session, token }) => {
        const user = await userFromClaims(claimsOf(token as Record<string, unknown>));
        return { ...session, user: user ? toUserDto(user) : undefined } as AppSession;
      },
    },
    pages: { signIn: '/login' },
  };
  return options;
}

/** The signed-in user for a server component or layout (the database has the last word). */
export async function currentSession(): Promise<AppSession | null> {
  const session = (await getServerSession(getAuthOptions())) as AppSession | null;
  return session?.user ? session : null;
}

/** What /api/auth/session answers next-auth's client: the user and the expiry, or {} when signed out. */
export function sessionPayload(user: SessionUser | null): { user: UserDto; expires: string } | Record<string, never> {
  if (!user) return {};
  return { user: toUserDto(user), expires: new Date(Date.now() + sessionTtlSeconds() * 1000).toISOString() };
}
