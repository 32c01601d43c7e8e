import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { GET } from '@/app/api/health/route';
import { call } from '../helpers';

// The check gives the database 3 s (lib/server/health.ts). A server has its pool open before a load
// balancer polls; this file's first query also opens the embedded database, seconds on a busy machine.
beforeAll(async () => {
  await db.$queryRaw`SELECT 1`;
});

describe('GET /api/health', () => {
  it('answers 200 with the database checked, without authentication, never cached', async () => {
    const res = await call(GET, { path: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
    expect(Number.isNaN(Date.parse(res.body.time))).toBe(false);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
