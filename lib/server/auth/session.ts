// Resolves the caller from a request: Bearer header first, then the session cookie.
// The token's version must equal the user's current one (password change/reset, deletion end sessions).
import { sql, type Statement } from '@/lib/server/db';
import { unauthenticated, forbidden } from '@/lib/server/errors';
import { SESSION_COOKIE, verifyToken, type TokenClaims } from '@/lib/server/auth/token';
import type { Role } from '@/lib/roles';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SessionUser = {
  id: string;
  role: Role;
  name: string;
  email: string;
  position: string;
  mustChangePassword: boolean;
  createdAt: Date;
};

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export function tokenFromHeaders(headers: Headers): string | null {
  const auth = headers.get('authorization');
  if (auth && /^Bearer\s+/i.test(auth)) return auth.replace(/^Bearer\s+/i, '').trim() || null;
  return cookieValue(headers.get('cookie'), SESSION_COOKIE);
}

type UserRow = SessionUser & { tokenVersion: number };

const SESSION_USER: Statement = {
  name: 'session_user',
  text: `SELECT id, role::text AS role, name, email, position, "mustChangePassword", "createdAt", "tokenVersion" FROM "User" WHERE id = $1::uuid`,
};

/** Every authenticated request runs this: one plain statement (see sql() in lib/server/db.ts). */
export async function userFromClaims(claims: TokenClaims | null): Promise<SessionUser | null> {
  if (!claims || !UUID.test(claims.sub)) return null;
  const [user] = await sql<UserRow>(SESSION_USER, [claims.sub]);
  if (!user || user.tokenVersion !== claims.tv) return null;
  const { tokenVersion: _tv, ...rest } = user;
  return rest;
}

export async function userFromHeaders(headers: Headers): Promise<SessionUser | null> {
  const token = tokenFromHeaders(headers);
  return token ? userFromClaims(verifyToken(token)) : null;
}

export async function requireUser(headers: Headers, roles?: readonly Role[]): Promise<SessionUser> {
  const user = await userFromHeaders(headers);
  if (!user) throw unauthenticated();
  if (roles && !roles.includes(user.role)) throw forbidden();
  return user;
}
