// A database-backed counter for actions that are expensive or guessable (shared by every server
// instance): at most `limit` uses per `key` in `windowMs`, then 429 until the oldest use ages out.
import { db } from '@/lib/server/db';
import { AppError } from '@/lib/server/errors';

export type RateLimit = { bucket: string; limit: number; windowMs: number; message: string };

/** Counts one use of `rule` by `key`, refusing it (429, counted all the same) past the limit. */
export async function takeRateLimit(rule: RateLimit, key: string): Promise<void> {
  const now = Date.now();
  // Insert first, then count: two concurrent uses cannot both see room for one.
  await db.rateLimitHit.create({ data: { bucket: rule.bucket, key } });
  const used = await db.rateLimitHit.count({ where: { bucket: rule.bucket, key, createdAt: { gte: new Date(now - rule.windowMs) } } });
  await db.rateLimitHit.deleteMany({
    where: { bucket: rule.bucket, createdAt: { lt: new Date(now - Math.max(rule.windowMs, 86_400_000)) } },
  });
  if (used > rule.limit) throw new AppError(429, 'RATE_LIMITED', rule.message);
}
