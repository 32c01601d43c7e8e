// Leave requests are bounded (a year ahead, MAX_PENDING_LEAVES waiting per employee), every pending
// request is in the admin/HR list, and nobody processes their own request.
import { describe, expect, it } from 'vitest';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { GET as allRoute } from '@/app/api/leaves/all/route';
import { PUT as statusRoute } from '@/app/api/leaves/[id]/status/route';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { MAX_PENDING_LEAVES, MSG } from '@/features/leave/validation/leave';
import { DEFAULT_LIST_LIMIT } from '@/features/leave/server/leave-list';
import { call, createUser } from '../helpers';

const today = () => dateKeyInZone(new Date(), 'Asia/Jakarta');
// 'lainnya' (izin tanpa upah) needs no balance, and a week always holds a working day.
const request = (start: string, end = addDays(start, 6)) => ({
  type: 'lainnya',
  startDate: start,
  endDate: end,
  reason: 'Menghadiri acara keluarga besar',
});
const apply = (token: string, body: unknown) => call(applyRoute, { token, body });

describe('horizon', () => {
  it('a leave starts at most a year (365 days) ahead', async () => {
    const { token } = await createUser();
    const far = await apply(token, request(addDays(today(), 366), addDays(today(), 367)));
    expect(far.status).toBe(400);
    expect(far.body).toMatchObject({ error: MSG.startTooFar, fields: { startDate: MSG.startTooFar } });
    expect((await apply(token, request('9999-12-30', '9999-12-31'))).body.error).toBe(MSG.startTooFar);
    expect(await db.leaveRequest.count()).toBe(0);
    expect((await apply(token, request(addDays(today(), 365)))).status).toBe(201);
  });
});

describe('pending cap', () => {
  it(`at most ${MAX_PENDING_LEAVES} requests wait per employee; a processed one frees a place`, async () => {
    const { token, user } = await createUser();
    const { token: hr } = await createUser({ role: 'hr' });
    const ids: string[] = [];
    for (let i = 0; i < MAX_PENDING_LEAVES; i++) {
      const res = await apply(token, request(addDays(today(), 10 + 8 * i)));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const over = await apply(token, request(addDays(today(), 100)));
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'TOO_MANY_PENDING_LEAVES', error: MSG.tooManyPending });
    expect(await db.leaveRequest.count({ where: { userId: user.id } })).toBe(MAX_PENDING_LEAVES);
    expect((await call(statusRoute, { method: 'PUT', token: hr, params: { id: ids[0]! }, body: { status: 'approved' } })).status).toBe(200);
    expect((await apply(token, request(addDays(today(), 100)))).status).toBe(201);
  });
});

describe('the admin/HR list', () => {
  it('shows every pending request, however many processed ones are newer; the limit bounds only those', async () => {
    const { user: a } = await createUser();
    const { user: b } = await createUser();
    const { token: hr } = await createUser({ role: 'hr' });
    const start = dateKeyToDate(addDays(today(), 30));
    const old = new Date(Date.now() - 90 * 86_400_000);
    await db.leaveRequest.createMany({
      data: [a, b].map((u) => ({
        userId: u.id,
        type: 'cuti' as const,
        startDate: start,
        endDate: start,
        reason: 'Lama menunggu',
        appliedAt: old,
      })),
    });
    await db.leaveRequest.createMany({
      data: Array.from({ length: DEFAULT_LIST_LIMIT + 5 }, (_, i) => ({
        userId: b.id,
        type: 'sakit' as const,
        startDate: start,
        endDate: start,
        reason: 'Sudah diproses',
        status: (i % 2 ? 'approved' : 'rejected') as 'approved' | 'rejected',
        appliedAt: new Date(Date.now() - i * 1000),
      })),
    });
    const pendingBefore = await db.leaveRequest.count({ where: { status: 'pending' } });
    const all = await call(allRoute, { token: hr });
    expect(all.status).toBe(200);
    type Item = { status: string; userId: string; reason: string };
    const ours = (list: Item[]) =>
      list.filter((l) => l.status === 'pending' && l.reason === 'Lama menunggu' && (l.userId === a.id || l.userId === b.id));
    expect(ours(all.body)).toHaveLength(2);
    expect((all.body as Item[]).filter((l) => l.status === 'pending')).toHaveLength(pendingBefore);
    expect((all.body as Item[]).filter((l) => l.status !== 'pending')).toHaveLength(DEFAULT_LIST_LIMIT);
    // Newest first.
    const applied = (all.body as { appliedAt: string }[]).map((l) => l.appliedAt);
    expect([...applied].sort().reverse()).toEqual(applied);
    const limited = await call(allRoute, { token: hr, path: '/api/leaves/all?limit=3' });
    expect(ours(limited.body)).toHaveLength(2);
    expect(limited.body).toHaveLength(pendingBefore + 3);
    const pendingOnly = await call(allRoute, { token: hr, path: '/api/leaves/all?status=pending&limit=1' });
    expect(pendingOnly.body).toHaveLength(pendingBefore);
    const approvedOnly = await call(allRoute, { token: hr, path: '/api/leaves/all?status=approved&limit=4' });
    expect((approvedOnly.body as { status: string }[]).map((l) => l.status)).toEqual(['approved', 'approved', 'approved', 'approved']);
  });
});

describe('nobody decides their own case', () => {
  it('HR cannot approve or reject their own request (403, clear message); another reviewer can', async () => {
    const { user, token } = await createUser();
    const applied = await apply(token, request(addDays(today(), 20)));
    expect(applied.status).toBe(201);
    // The employee became HR before the request was processed.
    await db.user.update({ where: { id: user.id }, data: { role: 'hr' } });
    const { signToken } = await import('@/lib/server/auth/token');
    const asHr = signToken({ sub: user.id, role: 'hr', tv: 0 });
    for (const status of ['approved', 'rejected']) {
      const own = await call(statusRoute, {
        method: 'PUT',
        token: asHr,
        params: { id: applied.body.id },
        body: { status, note: 'Keputusan sendiri' },
      });
      expect(own.status).toBe(403);
      expect(own.body.error).toBe(MSG.ownLeave);
    }
    expect(await db.leaveRequest.findUniqueOrThrow({ where: { id: applied.body.id } })).toMatchObject({
      status: 'pending',
      processedById: null,
    });
    const { token: admin } = await createUser({ role: 'admin' });
    expect(
      (await call(statusRoute, { method: 'PUT', token: admin, params: { id: applied.body.id }, body: { status: 'approved' } })).status,
    ).toBe(200);
  });
});
