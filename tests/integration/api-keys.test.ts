// API keys for integrations (docs/integrations.md): an admin creates a key with scopes and sees it once,
// only its sha256 is stored; the key reads what its scopes open (as HR reads it) and nothing else;
// each use stamps when it was last used and counts against the key's own rate limit; a revoked key is
// 401. Real database, real route handlers, the key sent as `Authorization: Bearer`.
import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { db } from '@/lib/server/db';
import { dateKeyInZone } from '@/lib/dates';
import { GET as listRoute, POST as createRoute } from '@/app/api/api-keys/route';
import { DELETE as revokeRoute } from '@/app/api/api-keys/[id]/route';
import { GET as recapRoute } from '@/app/api/recap/route';
import { GET as leavesRoute } from '@/app/api/leaves/all/route';
import { GET as attendanceAllRoute } from '@/app/api/attendance/all/route';
import { POST as importRoute } from '@/app/api/attendance/import/route';
import { GET as usersRoute } from '@/app/api/users/route';
import { GET as meRoute } from '@/app/api/auth/me/route';
import { API_KEY_RATE } from '@/lib/server/auth/api-key';
import { call, configureMainOffice, createUser } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, employee: Made;
let officeId: string;
const month = () => dateKeyInZone(new Date(), 'Asia/Jakarta').slice(0, 7);

async function newKey(scopes: string[], name = 'Sistem Penggajian') {
  const res = await call(createRoute, { token: admin.token, body: { name, scopes } });
  expect(res.status).toBe(201);
  return res.body as { apiKey: { id: string; prefix: string; scopes: string[]; lastUsedAt: string | null }; key: string };
}

beforeAll(async () => {
  officeId = (await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' })).id;
  [admin, hr, employee] = [
    await createUser({ role: 'admin', name: 'Admin' }),
    await createUser({ role: 'hr', name: 'Hana HR' }),
    await createUser({ name: 'Eka' }),
  ];
  await db.user.update({ where: { id: employee.user.id }, data: { machinePin: '77' } });
});

describe('API keys', () => {
  it('the key is shown once and only its sha256 is stored; the list never shows it again; creation is audited', async () => {
    const { apiKey, key } = await newKey(['recap:read', 'leave:read']);
    expect(key).toMatch(/^absk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ prefix: key.slice(0, 11), scopes: ['recap:read', 'leave:read'], lastUsedAt: null });
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(row.secretHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.slice(11));
    const list = await call(listRoute, { token: admin.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(key.slice(11));
    expect(list.body.find((k: { id: string }) => k.id === apiKey.id)).toMatchObject({ status: 'aktif', prefix: key.slice(0, 11) });
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'api_key.create', entityId: apiKey.id } });
    expect(audit).toMatchObject({ actorId: admin.user.id, actorRole: 'admin' });
    expect(audit.after).toEqual({ name: 'Sistem Penggajian', prefix: key.slice(0, 11), scopes: ['recap:read', 'leave:read'] });
    // HR, an employee and a key cannot manage keys.
    for (const token of [hr.token, employee.token, key]) expect((await call(listRoute, { token })).status).toBe(403);
  });

  it('a key reads what its scopes open, as HR reads it, and is refused (403) everywhere else', async () => {
    const { key } = await newKey(['recap:read']);
    const recap = await call(recapRoute, { token: key, path: `/api/recap?month=${month()}` });
    const asHr = await call(recapRoute, { token: hr.token, path: `/api/recap?month=${month()}` });
    expect(recap.status).toBe(200);
    expect({ ...recap.body, computedAt: null }).toEqual({ ...asHr.body, computedAt: null });
    for (const [handler, path] of [
      [leavesRoute, '/api/leaves/all'],
      [attendanceAllRoute, '/api/attendance/all'],
      [usersRoute, '/api/users'],
      [meRoute, '/api/auth/me'],
    ] as const) {
      const res = await call(handler, { token: key, path });
      expect([path, res.status, res.body.code]).toEqual([path, 403, 'API_KEY_SCOPE']);
    }
    const { key: leaveKey } = await newKey(['leave:read']);
    expect((await call(leavesRoute, { token: leaveKey, path: '/api/leaves/all' })).status).toBe(200);
    expect((await call(recapRoute, { token: leaveKey, path: `/api/recap?month=${month()}` })).status).toBe(403);
  });

  it('punches:write uploads a terminal file, audited as the key', async () => {
    const { apiKey, key } = await newKey(['punches:write'], 'Mesin Lobi');
    const file = `data:text/plain;base64,${Buffer.from('77\t2026-11-02 08:00:00\t0\t1\t0\t0\n').toString('base64')}`;
    const res = await call(importRoute, { token: key, path: '/api/attendance/import', body: { officeId, filename: 'attlog.dat', file } });
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ lines: 1, new: 1 });
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'attendance.import' }, orderBy: { id: 'desc' } });
    expect(audit).toMatchObject({ actorId: apiKey.id, actorRole: 'api_key', actorName: 'Kunci API: Mesin Lobi' });
    // Write scope reads nothing.
    expect((await call(attendanceAllRoute, { token: key, path: '/api/attendance/all' })).status).toBe(403);
  });

  it('each accepted use stamps lastUsedAt; a refused one does not', async () => {
    const { apiKey, key } = await newKey(['leave:read']);
    expect((await call(recapRoute, { token: key, path: `/api/recap?month=${month()}` })).status).toBe(403);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await call(leavesRoute, { token: key, path: '/api/leaves/all' })).status).toBe(200);
    const used = (await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsedAt!;
    expect(used.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(used.getTime()).toBeLessThanOrEqual(Date.now() + 5);
    const list = await call(listRoute, { token: admin.token });
    expect(list.body.find((k: { id: string }) => k.id === apiKey.id).lastUsedAt).toBe(used.toISOString());
  });

  it('a revoked key is 401 at once; revocation is audited and happens once', async () => {
    const { apiKey, key } = await newKey(['leave:read']);
    expect((await call(leavesRoute, { token: key, path: '/api/leaves/all' })).status).toBe(200);
    const revoked = await call(revokeRoute, { method: 'DELETE', token: admin.token, params: { id: apiKey.id } });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'dicabut' });
    const res = await call(leavesRoute, { token: key, path: '/api/leaves/all' });
    expect([res.status, res.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await call(revokeRoute, { method: 'DELETE', token: admin.token, params: { id: apiKey.id } })).status).toBe(409);
    expect(await db.auditLog.count({ where: { kind: 'api_key.revoke', entityId: apiKey.id } })).toBe(1);
    // A made-up key of the right shape, and one of the wrong shape, are 401 too.
    for (const token of [`absk_${'A'.repeat(43)}`, 'absk_short'])
      expect((await call(leavesRoute, { token, path: '/api/leaves/all' })).status).toBe(401);
  });

  it('the rate limit is per key: the 121st use within a minute is 429, another key is not affected', async () => {
    const { apiKey, key } = await newKey(['leave:read']);
    const { key: other } = await newKey(['leave:read']);
    // 119 uses already this minute (the counter's own rows), then the 120th passes and the 121st is refused.
    await db.rateLimitHit.createMany({
      data: Array.from({ length: API_KEY_RATE.limit - 1 }, () => ({ bucket: 'api-key', key: apiKey.id })),
    });
    expect((await call(leavesRoute, { token: key, path: '/api/leaves/all' })).status).toBe(200);
    const refused = await call(leavesRoute, { token: key, path: '/api/leaves/all' });
    expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect((await call(leavesRoute, { token: other, path: '/api/leaves/all' })).status).toBe(200);
  });

  it('validation: a name and at least one known scope', async () => {
    for (const body of [
      { name: '', scopes: ['leave:read'] },
      { name: 'X', scopes: [] },
      { name: 'X', scopes: ['users:write'] },
      { name: 'X', scopes: ['leave:read', 'leave:read'] },
    ])
      expect((await call(createRoute, { token: admin.token, body })).status).toBe(400);
  });
});
