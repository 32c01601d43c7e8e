// Ending a session on the server: logout revokes the token's session id (claim jti) until the token
// would have expired; the session lookup (lib/server/auth/session.ts) refuses it from then on.
import { db } from '@/lib/server/db';
import { tokenFromHeaders } from '@/lib/server/auth/session';
import { sessionTtlSeconds, verifyToken } from '@/lib/server/auth/token';

/** Revokes the caller's session (cookie or Bearer), if it has a valid one; other devices' sessions stay. */
export async function logout(headers: Headers): Promise<void> {
  const claims = verifyToken(tokenFromHeaders(headers));
  if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.sub)) return;
  const expiresAt = new Date((claims.exp ?? Date.now() / 1000 + sessionTtlSeconds()) * 1000);
  await db.$transaction([
    db.revokedSession.upsert({ where: { id: claims.jti }, create: { id: claims.jti, userId: claims.sub, expiresAt }, update: {} }),
    // Rows of tokens that have expired anyway are no longer needed: keep the table small.
    db.revokedSession.deleteMany({ where: { expiresAt: { lt: new Date() } } }),
  ]);
}
