// The one session token format: HS256 JWT with sub, role and tv (token version), carried as an
// httpOnly cookie for the browser and as a Bearer token for API clients.
import jwt from 'jsonwebtoken';
import { getEnv } from '@/lib/env';
import type { Role } from '@/lib/roles';

export const SESSION_COOKIE = 'absensi.session-token';
const ISSUER = 'absensi';
const AUDIENCE = 'absensi';

export type TokenClaims = { sub: string; role: Role; tv: number };

export function sessionTtlSeconds(): number {
  return Math.round(getEnv().SESSION_TTL_HOURS * 3600);
}

export function signToken(claims: TokenClaims): string {
  return jwt.sign({ role: claims.role, tv: claims.tv }, getEnv().AUTH_SECRET, {
    algorithm: 'HS256',
    subject: claims.sub,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: sessionTtlSeconds(),
  });
}

/** Verified claims, or null for anything else (bad signature, alg none, expired, wrong audience…). */
export function verifyToken(token: string | null | undefined): TokenClaims | null {
  if (!token || token.length > 4096) return null;
  try {
    const payload = jwt.verify(token, getEnv().AUTH_SECRET, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload !== 'object' || payload === null) return null;
    const { sub, role, tv } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof tv !== 'number') return null;
    if (role !== 'admin' && role !== 'hr' && role !== 'employee') return null;
    return { sub, role, tv };
  } catch {
    return null;
  }
}
