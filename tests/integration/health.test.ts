import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/health/route';
import { call } from '../helpers';

describe('GET /api/health', () => {
  it('answers 200 with the database checked, without authentication, never cached', async () => {
    const res = await call(GET, { path: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
    expect(Number.isNaN(Date.parse(res.body.time))).toBe(false);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
