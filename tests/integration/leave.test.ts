import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { GET as allRoute } from '@/app/api/leaves/all/route';
import { GET as userRoute } from '@/app/api/leaves/user/[userId]/route';
import { GET as statsRoute } from '@/app/api/leaves/stats/[userId]/route';
import { PUT as statusRoute } from '@/app/api/leaves/[id]/status/route';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { call, createUser } from '../helpers';

const today = () => dateKeyInZone(new Date(), 'Asia/Jakarta');
const REASON = 'Menghadiri acara keluarga di Surabaya';

// 'lainnya' (Izin Tanpa Upah) takes no balance, so these tests are about the request itself; balances,
// types and lengths are in leave-ledger.test.ts.
const application = (over: Record<string, unknown> = {}) => ({
  type: 'lainnya',
  startDate: addDays(today(), 10),
  endDate: addDays(today(), 12),
  reason: REASON,
  ...over,
});

// Each application a second after the last, so 'newest first' has an order to keep.
const apply = (token: string, body: unknown) => {
  vi.setSystemTime(new Date(Date.now() + 1000));
  return call(applyRoute, { token, body });
};
const setStatus = (token: string, id: string, body: unknown) => call(statusRoute, { method: 'PUT', token, params: { id }, body });

// Monday 1 February 2027, 09:00 WIB: no holiday in the following weeks, so lengths are plain weekdays.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-02-01T02:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/leaves/apply', () => {
  it('creates a pending request for the caller and returns it with its inclusive day count', async () => {
    const { user, token } = await createUser({ name: 'Sari Apply', position: 'Desainer' });
    const body = application({ userId: user.id, reason: `   ${REASON}   `, startDate: '2027-02-10', endDate: '2027-02-12' });
    const res = await apply(token, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: user.id,
      userName: 'Sari Apply',
      userPosition: 'Desainer',
      type: 'lainnya',
      reason: REASON,
      startDate: body.startDate,
      endDate: body.endDate,
      days: 3,
      status: 'pending',
      processedAt: null,
      processedByName: null,
    });
    expect(res.body._id).toBe(res.body.id);
    expect(new Date(res.body.appliedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const stored = await db.leaveRequest.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored).toMatchObject({
      userId: user.id,
      status: 'pending',
      reason: REASON,
      startDate: dateKeyToDate(body.startDate as string),
    });
  });

  it('accepts today as the start and a one-day request', async () => {
    const { token } = await createUser();
    const res = await apply(token, application({ startDate: today(), endDate: today(), type: 'sakit' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ days: 1, type: 'sakit' });
  });

  it('refuses another userId (403), other roles (403) and anonymous callers (401), creating nothing', async () => {
    const { token } = await createUser();
    const { user: other } = await createUser();
    const { token: adminToken } = await createUser({ role: 'admin' });
    const before = await db.leaveRequest.count();
    expect((await apply(token, application({ userId: other.id }))).status).toBe(403);
    expect((await apply(adminToken, application())).status).toBe(403);
    expect((await call(applyRoute, { body: application() })).status).toBe(401);
    expect(await db.leaveRequest.count()).toBe(before);
  });

  it.each([
    [{ type: '' }, 'Jenis cuti harus dipilih'],
    [{ type: 'liburan' }, 'Jenis cuti tidak valid'],
    [{ startDate: '' }, 'Tanggal mulai harus diisi'],
    [{ endDate: undefined }, 'Tanggal selesai harus diisi'],
    [{ startDate: '2030-02-30' }, 'Format tanggal tidak valid'],
    [{ endDate: 'besok' }, 'Format tanggal tidak valid'],
    [{ startDate: 'yesterday' }, 'Format tanggal tidak valid'],
    [{ startDate: addDays(today(), -1), endDate: addDays(today(), 1) }, 'Tanggal mulai tidak boleh sebelum hari ini'],
    [{ startDate: addDays(today(), 5), endDate: addDays(today(), 4) }, 'Tanggal selesai tidak boleh sebelum tanggal mulai'],
    [{ startDate: addDays(today(), 1), endDate: addDays(today(), 400) }, 'Durasi cuti maksimal 366 hari'],
    [{ reason: '   ' }, 'Alasan cuti harus diisi'],
    [{ reason: '  123456789  ' }, 'Alasan cuti minimal 10 karakter'],
    [{ reason: 'x'.repeat(1001) }, 'Alasan cuti maksimal 1000 karakter'],
  ])('validates %o → %s (400, nothing created)', async (over, message) => {
    const { token } = await createUser();
    const before = await db.leaveRequest.count();
    const res = await apply(token, application(over));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'VALIDATION' });
    expect(await db.leaveRequest.count()).toBe(before);
  });

  it('decides "today" in the office timezone (23:30 UTC is already the next day in Jakarta)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-09T23:30:00Z'));
    const { token } = await createUser();
    const yesterdayInJakarta = await apply(token, application({ startDate: '2031-03-09', endDate: '2031-03-10' }));
    expect(yesterdayInJakarta.status).toBe(400);
    expect(yesterdayInJakarta.body.error).toBe('Tanggal mulai tidak boleh sebelum hari ini');
    const todayInJakarta = await apply(token, application({ startDate: '2031-03-10', endDate: '2031-03-10' }));
    expect(todayInJakarta.status).toBe(201);
  });

  it('refuses a request overlapping a pending or approved one (409), allows one over a rejected one or next to another', async () => {
    const { user, token } = await createUser();
    const { token: adminToken } = await createUser({ role: 'admin' });
    const t = today();
    const first = await apply(token, application({ startDate: addDays(t, 10), endDate: addDays(t, 12) }));
    expect(first.status).toBe(201);

    const count = () => db.leaveRequest.count({ where: { userId: user.id } });
    const overlapPending = await apply(token, application({ startDate: addDays(t, 12), endDate: addDays(t, 14) }));
    expect(overlapPending.status).toBe(409);
    expect(overlapPending.body).toMatchObject({ code: 'LEAVE_OVERLAP' });
    expect(overlapPending.body.error).toMatch(/bertabrakan.*menunggu persetujuan/);
    expect(await count()).toBe(1);

    const inside = await apply(token, application({ startDate: addDays(t, 11), endDate: addDays(t, 11) }));
    expect(inside.status).toBe(409);
    const around = await apply(token, application({ startDate: addDays(t, 9), endDate: addDays(t, 13) }));
    expect(around.status).toBe(409);

    expect((await setStatus(adminToken, first.body.id, { status: 'approved', processedBy: null })).status).toBe(200);
    const overlapApproved = await apply(token, application({ startDate: addDays(t, 8), endDate: addDays(t, 10) }));
    expect(overlapApproved.status).toBe(409);
    expect(overlapApproved.body.error).toMatch(/disetujui/);
    expect(await count()).toBe(1);

    const adjacent = await apply(token, application({ startDate: addDays(t, 14), endDate: addDays(t, 14) }));
    expect(adjacent.status).toBe(201);
    expect((await setStatus(adminToken, adjacent.body.id, { status: 'rejected', note: 'Bentrok dengan jadwal tim' })).status).toBe(200);
    const overRejected = await apply(token, application({ startDate: addDays(t, 13), endDate: addDays(t, 15) }));
    expect(overRejected.status).toBe(201);
    expect(await count()).toBe(3);

    const { token: otherToken } = await createUser();
    expect((await apply(otherToken, application({ startDate: addDays(t, 10), endDate: addDays(t, 12) }))).status).toBe(201);
  });

  it('lets only one of ten simultaneous overlapping applications through', async () => {
    const { user, token } = await createUser();
    const t = today();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => apply(token, application({ startDate: addDays(t, 30 + (i % 3)), endDate: addDays(t, 33) }))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await db.leaveRequest.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe('GET /api/leaves/user/{userId} and /api/leaves/stats/{userId}', () => {
  it('gives an employee their own list (newest first) and stats, and refuses anyone else’s', async () => {
    const { user, token } = await createUser({ name: 'Own Reader' });
    const { user: other, token: otherToken } = await createUser();
    const { token: adminToken } = await createUser({ role: 'admin' });
    const { token: hrToken } = await createUser({ role: 'hr' });
    const t = today();
    const ids: string[] = [];
    // Annual leave needs a balance: one day by adjustment (a new employee has earned none yet).
    const annual = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tahunan' } });
    await db.leaveLedgerEntry.create({
      data: { userId: user.id, leaveTypeId: annual.id, kind: 'adjustment', days: 1, effectiveDate: dateKeyToDate(t), note: 'Saldo uji' },
    });
    for (const [i, type] of (['cuti', 'sakit', 'keluarga', 'lainnya'] as const).entries()) {
      const r = await apply(token, application({ type, startDate: addDays(t, 42 + i), endDate: addDays(t, 42 + i) }));
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    await apply(otherToken, application());
    expect((await setStatus(adminToken, ids[0]!, { status: 'approved' })).status).toBe(200);
    expect((await setStatus(hrToken, ids[1]!, { status: 'rejected', note: 'Bentrok dengan jadwal tim' })).status).toBe(200);

    const own = await call(userRoute, { token, params: { userId: user.id } });
    expect(own.status).toBe(200);
    expect(own.body.map((l: { id: string }) => l.id)).toEqual([...ids].reverse());
    expect(own.body.every((l: { userId: string }) => l.userId === user.id)).toBe(true);
    expect(own.body.find((l: { id: string }) => l.id === ids[0])).toMatchObject({ status: 'approved', userName: 'Own Reader' });

    const stats = await call(statsRoute, { token, params: { userId: user.id } });
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ total: 4, approved: 1, pending: 2, rejected: 1, cancelled: 0 });

    expect((await call(userRoute, { token, params: { userId: other.id } })).status).toBe(403);
    expect((await call(statsRoute, { token, params: { userId: other.id } })).status).toBe(403);
    expect((await call(userRoute, { params: { userId: user.id } })).status).toBe(401);
    expect((await call(userRoute, { token, params: { userId: 'bukan-uuid' } })).status).toBe(400);

    for (const staff of [adminToken, hrToken]) {
      expect((await call(userRoute, { token: staff, params: { userId: user.id } })).body).toHaveLength(4);
      expect((await call(statsRoute, { token: staff, params: { userId: other.id } })).body).toEqual({
        total: 1,
        approved: 0,
        pending: 1,
        rejected: 0,
        cancelled: 0,
      });
    }
  });

  it('gives zeros for an employee without requests', async () => {
    const { user, token } = await createUser();
    expect((await call(statsRoute, { token, params: { userId: user.id } })).body).toEqual({
      total: 0,
      approved: 0,
      pending: 0,
      rejected: 0,
      cancelled: 0,
    });
    expect((await call(userRoute, { token, params: { userId: user.id } })).body).toEqual([]);
  });
});

describe('GET /api/leaves/all', () => {
  it('is for admins and HR only, newest first, with name and position', async () => {
    const { token } = await createUser({ name: 'Agus List', position: 'Backend Developer' });
    const { token: adminToken } = await createUser({ role: 'admin' });
    const { token: hrToken } = await createUser({ role: 'hr' });
    const first = await apply(token, application({ startDate: addDays(today(), 60), endDate: addDays(today(), 60) }));
    const second = await apply(token, application({ startDate: addDays(today(), 63), endDate: addDays(today(), 64) }));

    expect((await call(allRoute, { token })).status).toBe(403);
    expect((await call(allRoute, {})).status).toBe(401);
    for (const staff of [adminToken, hrToken]) {
      const res = await call(allRoute, { token: staff });
      expect(res.status).toBe(200);
      const mine = res.body.filter((l: { id: string }) => l.id === first.body.id || l.id === second.body.id);
      expect(mine.map((l: { id: string }) => l.id)).toEqual([second.body.id, first.body.id]);
      expect(mine[0]).toMatchObject({ userName: 'Agus List', userPosition: 'Backend Developer', days: 2 });
      const times = res.body.map((l: { appliedAt: string }) => Date.parse(l.appliedAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }
    // Pending requests are never cut by the limit (tests/integration/leave-bounds.test.ts).
    const pendingOnly = await call(allRoute, { token: adminToken, path: '/api/leaves/all?status=pending&limit=1' });
    const ids = pendingOnly.body.map((l: { id: string }) => l.id);
    expect(ids.filter((id: string) => id === first.body.id || id === second.body.id)).toEqual([second.body.id, first.body.id]);
    expect(pendingOnly.body.every((l: { status: string }) => l.status === 'pending')).toBe(true);
    expect((await call(allRoute, { token: adminToken, path: '/api/leaves/all?limit=0' })).status).toBe(400);
  });
});

describe('PUT /api/leaves/{id}/status', () => {
  it('records the signed-in processor and the time, whatever processedBy says; only a pending request changes', async () => {
    const { token } = await createUser();
    const { user: admin, token: adminToken } = await createUser({ role: 'admin', name: 'Admin Proses' });
    const { user: someoneElse } = await createUser({ role: 'hr' });
    const leave = await apply(token, application());
    const before = Date.now();
    const res = await setStatus(adminToken, leave.body.id, { status: 'approved', processedBy: someoneElse.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: leave.body.id, status: 'approved', processedByName: 'Admin Proses' });
    expect(Date.parse(res.body.processedAt)).toBeGreaterThanOrEqual(before - 1000);
    const stored = await db.leaveRequest.findUniqueOrThrow({ where: { id: leave.body.id } });
    expect(stored.processedById).toBe(admin.id);

    const again = await setStatus(adminToken, leave.body.id, { status: 'rejected', processedBy: null, note: 'Kuota tim penuh' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'Pengajuan cuti sudah diproses' });
    expect((await db.leaveRequest.findUniqueOrThrow({ where: { id: leave.body.id } })).status).toBe('approved');
  });

  it('refuses employees (even on their own request), bad statuses and unknown ids, changing nothing', async () => {
    const { token } = await createUser();
    const { token: adminToken } = await createUser({ role: 'admin' });
    const leave = await apply(token, application());
    const asEmployee = await setStatus(token, leave.body.id, { status: 'approved', processedBy: null });
    expect(asEmployee.status).toBe(403);
    expect((await setStatus(adminToken, leave.body.id, { status: 'pending' })).status).toBe(400);
    expect((await setStatus(adminToken, leave.body.id, {})).status).toBe(400);
    expect((await setStatus(adminToken, '00000000-0000-4000-8000-000000000000', { status: 'approved' })).status).toBe(404);
    expect((await setStatus(adminToken, 'not-an-id', { status: 'approved' })).status).toBe(400);
    const stored = await db.leaveRequest.findUniqueOrThrow({ where: { id: leave.body.id } });
    expect(stored).toMatchObject({ status: 'pending', processedAt: null, processedById: null });
  });

  it('lets exactly one of 20 simultaneous approve/reject calls win; the rest get 409', async () => {
    const { token } = await createUser();
    const { token: adminToken } = await createUser({ role: 'admin' });
    const { token: hrToken } = await createUser({ role: 'hr' });
    const leave = await apply(token, application());
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        setStatus(i % 2 ? hrToken : adminToken, leave.body.id, {
          status: i % 3 ? 'approved' : 'rejected',
          processedBy: null,
          note: 'Keputusan uji',
        }),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const stored = await db.leaveRequest.findUniqueOrThrow({ where: { id: leave.body.id } });
    expect(stored.status).toBe(winners[0]!.body.status);
    expect(stored.processedAt?.toISOString()).toBe(winners[0]!.body.processedAt);
  });
});
