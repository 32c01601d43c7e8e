// Resolves the caller from a request: Bearer header first, then the session cookie.
// The token's version must equal the user's current one (password change/reset, deletion end sessions),
// its session id must not be revoked (logout), and the account must not be waiting for approval.
import { sql, type Statement } from '@/lib/server/db';
import { AppError, unauthenticated, forbidden } from '@/lib/server/errors';
import { SESSION_COOKIE, verifyToken, type TokenClaims } from '@/lib/server/auth/token';
import type { Role } from '@/lib/roles';
import { isUuid } from '@/lib/validation/common';

export type SessionUser = {
  id: string;
  role: Role;
  name: string;
  email: string;
  position: string;
  mustChangePassword: boolean;
  createdAt: Date;
  /** Set when the caller is an integration's API key, not a person (lib/server/auth/api-key.ts). */
  apiKeyId?: string;
};

/** The named cookie's value; a value that is not valid percent-encoding is no session (anonymous), never an error. */
function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function tokenFromHeaders(headers: Headers): string | null {
  const auth = headers.get('authorization');
  if (auth && /^Bearer\s+/i.test(auth)) return auth.replace(/^Bearer\s+/i, '').trim() || null;
  return cookieValue(headers.get('cookie'), SESSION_COOKIE);
}

/** The session user's row as read from the database (tokenVersion never leaves this module's callers). */
export type SessionRow = SessionUser & { tokenVersion: number; pendingApproval: boolean };

/** The session columns of "User" aliased `u`: a hot handler may read its own data in the same statement. */
export const SESSION_COLUMNS = `u.id, u.role::text AS role, u.name, u.email, u.position, u."mustChangePassword", u."createdAt", u."tokenVersion", u."pendingApproval"`;

/**
 * The condition every session statement adds to its WHERE: the session id (parameter number `param`)
 * was not logged out. A primary-key probe in the same statement, so the lookup stays one round trip.
 */
export const notRevoked = (param: number) => `NOT EXISTS (SELECT 1 FROM "RevokedSession" r WHERE r.id = $${param}::uuid)`;

/**
 * Reads the session row (and, for a custom loader, whatever else that statement selects) for a user id
 * and session id. Returns undefined when no such user exists or the session was logged out.
 */
export type SessionLoader<R extends SessionRow = SessionRow> = (userId: string, sessionId: string) => Promise<R | undefined>;

const SESSION_USER: Statement = {
  name: 'session_user',
  text: `SELECT ${SESSION_COLUMNS} FROM "User" u WHERE u.id = $1::uuid AND ${notRevoked(2)}`,
};

/** Every authenticated request runs this (or a loader that selects the same columns): one plain statement. */
export const loadSessionRow: SessionLoader = async (userId, sessionId) => (await sql<SessionRow>(SESSION_USER, [userId, sessionId]))[0];

export const ACCOUNT_PENDING = 'Akun Anda belum disetujui administrator. Silakan tunggu persetujuan sebelum login atau melakukan absensi.';
export const accountPending = () => new AppError(403, 'ACCOUNT_PENDING', ACCOUNT_PENDING);

export const ACCOUNT_DEACTIVATED = 'Akun Anda sudah dinonaktifkan. Hubungi administrator jika ini keliru.';
export const accountDeactivated = () => new AppError(403, 'ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED);

export function toSessionUser(row: SessionRow): SessionUser {
  const { id, role, name, email, position, mustChangePassword, createdAt } = row;
  return { id, role, name, email, position, mustChangePassword, createdAt };
}

/** The row of a valid, not logged-out token's user whose token version is still current, else null. */
export async function sessionRowFromClaims<R extends SessionRow>(claims: TokenClaims | null, load: SessionLoader<R>): Promise<R | null> {
  if (!claims || !isUuid(claims.sub)) return null;
  const row = await load(claims.sub, claims.jti);
  return row && row.tokenVersion === claims.tv ? row : null;
}

/** The signed-in user, or null (also for an account waiting for approval). */
export async function userFromClaims(claims: TokenClaims | null): Promise<SessionUser | null> {
  const row = await sessionRowFromClaims(claims, loadSessionRow);
  return row && !row.pendingApproval ? toSessionUser(row) : null;
}

export async function userFromHeaders(headers: Headers): Promise<SessionUser | null> {
  const token = tokenFromHeaders(headers);
  return token ? userFromClaims(verifyToken(token)) : null;
}

/** 401 without a current session, 403 for a role not in `roles`; the row comes from `load`. */
export async function requireSession<R extends SessionRow>(
  headers: Headers,
  roles: readonly Role[] | undefined,
  load: SessionLoader<R>,
): Promise<R> {
  const token = tokenFromHeaders(headers);
  const row = token ? await sessionRowFromClaims(verifyToken(token), load) : null;
  if (!row) throw unauthenticated();
  if (row.pendingApproval) throw accountPending();
  if (roles && !roles.includes(row.role)) throw forbidden();
  return row;
}

export async function requireUser(headers: Headers, roles?: readonly Role[]): Promise<SessionUser> {
  return toSessionUser(await requireSession(headers, roles, loadSessionRow));
}
