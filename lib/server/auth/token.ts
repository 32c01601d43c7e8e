// The one session token format: HS256 JWT with sub, role, tv (token version) and jti (the session id,
// which logout revokes), carried as an httpOnly cookie for the browser and as a Bearer token for API clients.
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { getEnv } from '@/lib/env';
import type { Role } from '@/lib/roles';
import { isUuid } from '@/lib/validation/common';

export const SESSION_COOKIE = 'absensi.session-token';
const ISSUER = 'absensi';
const AUDIENCE = 'absensi';

/**
 * jti: the session id, a UUID made at login and kept when the browser session is renewed, so logging
 * out (RevokedSession) ends every copy of that session. exp: expiry in seconds since the epoch.
 */
export type TokenClaims = { sub: string; role: Role; tv: number; jti: string; exp?: number };
export type NewTokenClaims = Omit<TokenClaims, 'jti' | 'exp'> & { jti?: string };

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

/** A token for a new session, or (given its jti) a renewed one of the same session. */
export function signToken(claims: NewTokenClaims): string {
  return jwt.sign({ role: claims.role, tv: claims.tv }, secretKey(), {
    jwtid: claims.jti ?? randomUUID(),
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
    const { sub, role, tv, jti, exp } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof tv !== 'number') return null;
    // A token without a session id could not be logged out: not a session of this app.
    if (typeof jti !== 'string' || !isUuid(jti)) return null;
    if (role !== 'admin' && role !== 'hr' && role !== 'employee') return null;
    return { sub, role, tv, jti: jti.toLowerCase(), ...(typeof exp === 'number' ? { exp } : {}) };
  } catch {
    return null;
  }
}
