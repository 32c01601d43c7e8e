// The one session token format: HS256 JWT with sub, role and tv (token version), carried as an
// httpOnly cookie for the browser and as a Bearer token for API clients.
import { createSecretKey, type KeyObject } from 'node:crypto';
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

/**
 * The secret as a KeyObject, made once per secret. Given a string, jsonwebtoken first tries it as a
 * PEM public key and catches the failure on every call, which cost about 1 ms per request under load.
 */
let keyCache: { secret: string; key: KeyObject } | undefined;
function secretKey(): KeyObject {
  const secret = getEnv().AUTH_SECRET;
  if (keyCache?.secret !== secret) keyCache = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return keyCache.key;
}

export function signToken(claims: TokenClaims): string {
  return jwt.sign({ role: claims.role, tv: claims.tv }, secretKey(), {
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
    const payload = jwt.verify(token, secretKey(), {
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
