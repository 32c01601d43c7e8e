// An integration's API key as the caller of a route (docs/integrations.md). A key is a principal of its
// own, not a person: it reads the company's data as HR reads it, but only on the routes its scopes open
// (features/integrations/lib/scopes.ts) and nowhere else, 403 elsewhere. An unknown or revoked key is
// 401. Each use is counted against the key's own rate limit and stamps when it was last used; both live
// in PostgreSQL, so every instance sees the same figures.
import { createHash } from 'node:crypto';
import { sql, type Statement } from '@/lib/server/db';
import { AppError, unauthenticated } from '@/lib/server/errors';
import { takeRateLimit, type RateLimit } from '@/lib/server/rate-limit';
import type { SessionRow } from '@/lib/server/auth/session';
import { API_KEY_PATTERN, routeKeyOf, scopesFor, type ApiKeyScope } from '@/features/integrations/lib/scopes';

export const API_KEY_INVALID = 'Kunci API tidak dikenal atau sudah dicabut.';
export const API_KEY_SCOPE_MESSAGE = 'Kunci API ini tidak memiliki izin untuk permintaan ini.';

/** Per key: 120 requests a minute, then 429 until the oldest ages out. */
export const API_KEY_RATE: RateLimit = {
  bucket: 'api-key',
  limit: 120,
  windowMs: 60_000,
  message: 'Terlalu banyak permintaan dengan kunci API ini. Coba lagi dalam satu menit.',
};

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A key's principal: the session row shape every handler reads, with the key's id and scopes beside it. */
export type ApiKeySession = SessionRow & { apiKey: { id: string; scopes: ApiKeyScope[] } };

const KEY_BY_HASH: Statement = {
  name: 'api_key_by_hash',
  text: `SELECT id, name, scopes, "createdAt" FROM "ApiKey" WHERE "secretHash" = $1 AND "revokedAt" IS NULL`,
};
const KEY_USED: Statement = { name: 'api_key_used', text: `UPDATE "ApiKey" SET "lastUsedAt" = $2::timestamptz WHERE id = $1::uuid` };

/**
 * The key's principal for this route, or the refusal: 401 unknown or revoked, 403 outside its scopes
 * (both change nothing), 429 over its rate. Only a use that passes is counted and stamped.
 */
export async function requireApiKey(
  token: string,
  req: { method: string; nextUrl: { pathname: string } },
  params: Record<string, unknown>,
): Promise<ApiKeySession> {
  if (!API_KEY_PATTERN.test(token)) throw unauthenticated(API_KEY_INVALID);
  const [key] = await sql<{ id: string; name: string; scopes: string[]; createdAt: Date }>(KEY_BY_HASH, [hashApiKey(token)]);
  if (!key) throw unauthenticated(API_KEY_INVALID);
  const routeKey = routeKeyOf(req.method, req.nextUrl.pathname, params);
  const allowed = routeKey ? scopesFor(routeKey) : [];
  if (!allowed.some((s) => key.scopes.includes(s))) throw new AppError(403, 'API_KEY_SCOPE', API_KEY_SCOPE_MESSAGE);
  await takeRateLimit(API_KEY_RATE, key.id);
  await sql(KEY_USED, [key.id, new Date()]);
  return {
    id: key.id,
    role: 'hr',
    name: `Kunci API: ${key.name}`,
    email: '',
    position: 'Integrasi',
    mustChangePassword: false,
    createdAt: key.createdAt,
    tokenVersion: 0,
    pendingApproval: false,
    apiKey: { id: key.id, scopes: key.scopes as ApiKeyScope[] },
  };
}
