// Anti-fraud of check-in/out (docs/anti-fraud.md): the one-time challenge (replay, expiry, another
// user's, another action's), the flags each rule raises, device binding and the office network, and
// the one review queue. Real database, real route handlers.
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import jpeg from 'jpeg-js';
import { generateKeyPairSync, sign } from 'node:crypto';
import { POST as challengeRoute } from '@/app/api/attendance/challenge/route';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { POST as checkOutRoute } from '@/app/api/attendance/check-out/route';
import { GET as reviewGet, POST as reviewRoute } from '@/app/api/attendance/[id]/review/route';
import { GET as listDevicesRoute, POST as registerRoute } from '@/app/api/devices/route';
import { DELETE as resetRoute } from '@/app/api/devices/[id]/route';
import { GET as dashboardRoute } from '@/app/api/dashboard/admin/route';
import { GET as historyRoute } from '@/app/api/attendance/history/[userId]/route';
import { db } from '@/lib/server/db';
import { addAttendanceFlags } from '@/features/attendance/server/attendance-flags';
import { deviceMessage } from '@/features/attendance/server/attendance-fraud';
import { LIVENESS_STEPS } from '@/features/attendance/lib/anti-fraud';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { call, configureMainOffice, createUser as createPlainUser, enrolFace, livenessAnswer, punchCall } from '../helpers';

const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
/** Metres per degree of latitude on the spec's sphere (6371 km): 6,371,000 × π / 180 = 111,194.93. */
const M_PER_DEG = 111_194.93;
/** A point `metres` due north of the office (haversine distance = metres). */
const north = (metres: number) => ({ latitude: OFFICE.latitude + metres / M_PER_DEG, longitude: OFFICE.longitude });
const PHOTO = `data:image/jpeg;base64,${jpeg.encode({ data: Buffer.alloc(32 * 32 * 4, 0x80), width: 32, height: 32 }, 80).data.toString('base64')}`;
const DESCRIPTOR = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);
const TZ = 'Asia/Jakarta';

async function createUser(opts?: Parameters<typeof createPlainUser>[0]) {
  const made = await createPlainUser(opts);
  await enrolFace(made.user.id, DESCRIPTOR);
  return made;
}

/** 30 m north with ±10 m (40 ≤ 100: inside), the server's time now. */
const body = (over: Record<string, unknown> = {}) => ({
  ...north(30),
  accuracy: 10,
  timestamp: new Date().toISOString(),
  faceImage: PHOTO,
  faceDescriptor: DESCRIPTOR,
  verificationMethod: 'face',
  ...over,
});

async function challenge(token: string, action: 'check-in' | 'check-out') {
  const res = await call(challengeRoute, { token, body: { action } });
  expect(res.status).toBe(200);
  return res.body as { id: string; expiresAt: string; steps: string[] };
}

const flagsOf = async (userId: string) =>
  (await db.attendanceFlag.findMany({ where: { attendance: { userId } }, orderBy: [{ phase: 'asc' }, { reason: 'asc' }] })).map((f) => ({
    phase: f.phase,
    reason: f.reason,
    detail: f.detail,
  }));
const reasonsOf = async (userId: string) => (await flagsOf(userId)).map((f) => `${f.phase}:${f.reason}`);
const rows = (userId: string) => db.attendance.count({ where: { userId } });

async function setSettings(data: {
  devicePolicy?: 'off' | 'flag' | 'require';
  locationAccuracyMaxM?: number;
  clockSkewMaxMinutes?: number;
}) {
  await db.settings.update({ where: { id: 1 }, data });
  onTestFinished(() =>
    db.settings
      .update({ where: { id: 1 }, data: { devicePolicy: 'flag', locationAccuracyMaxM: 100, clockSkewMaxMinutes: 5 } })
      .then(() => undefined),
  );
}

beforeAll(async () => {
  await configureMainOffice({ ...OFFICE, radius: 100, timezone: TZ });
});

describe('POST /api/attendance/challenge', () => {
  it('issues a single-use challenge of 60 s with two distinct liveness steps', async () => {
    const { token, user } = await createUser();
    const before = Date.now();
    const c = await challenge(token, 'check-in');
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
    const ttl = new Date(c.expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(59_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
    expect(c.steps).toHaveLength(2);
    expect(new Set(c.steps).size).toBe(2);
    for (const s of c.steps) expect(LIVENESS_STEPS).toContain(s);
    const row = await db.attendanceChallenge.findUniqueOrThrow({ where: { id: c.id } });
    expect(row).toMatchObject({ userId: user.id, action: 'check-in', usedAt: null });
    // Over many draws every one of the 6 orders shows up (each 1/6: missing one in 60 draws ≈ 6 × (5/6)^60 ≈ 1e-4).
    const orders = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await db.attendanceChallenge.deleteMany({ where: { userId: user.id } });
      for (let k = 0; k < 10; k++) orders.add((await challenge(token, 'check-in')).steps.join('>'));
    }
    expect(orders.size).toBe(6);
  });

  it('refuses an unknown action (400) and admins (403); each employee holds at most 10 open challenges (429)', async () => {
    const { token } = await createUser();
    expect((await call(challengeRoute, { token, body: { action: 'check-up' } })).status).toBe(400);
    const { token: admin } = await createPlainUser({ role: 'admin' });
    expect((await call(challengeRoute, { token: admin, body: { action: 'check-in' } })).status).toBe(403);
    for (let i = 0; i < 10; i++) await challenge(token, 'check-in');
    const res = await call(challengeRoute, { token, body: { action: 'check-out' } });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Terlalu banyak permintaan verifikasi. Tunggu satu menit lalu coba lagi.');
  });
});

describe('a check-in answers its challenge', () => {
  it('without a challenge it is refused (422) and nothing is written', async () => {
    const { token, user } = await createUser();
    const res = await call(checkInRoute, { token, body: body() });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CHALLENGE_REQUIRED');
    expect(await rows(user.id)).toBe(0);
  });

  it('a replay of the same request writes nothing: 409, and the challenge is spent even when the record is gone', async () => {
    const { token, user } = await createUser();
    const c = await challenge(token, 'check-in');
    const request = body({ challengeId: c.id });
    expect((await call(checkInRoute, { token, body: request })).status).toBe(200);
    expect((await db.attendanceChallenge.findUniqueOrThrow({ where: { id: c.id } })).usedAt).not.toBeNull();
    const again = await call(checkInRoute, { token, body: request });
    expect(again.status).toBe(409);
    expect(await rows(user.id)).toBe(1);
    // Even with today's record removed (nothing stops a second record then), the spent challenge refuses it.
    await db.attendance.deleteMany({ where: { userId: user.id } });
    const replay = await call(checkInRoute, { token, body: request });
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({
      code: 'CHALLENGE_USED',
      error: 'Permintaan ini sudah pernah dikirim dan tidak dapat diulang. Silakan ulangi verifikasi wajah.',
    });
    expect(await rows(user.id)).toBe(0);
  });

  it('two simultaneous requests with one challenge write one record', async () => {
    const { token, user } = await createUser();
    const c = await challenge(token, 'check-in');
    const results = await Promise.all([0, 1, 2].map(() => call(checkInRoute, { token, body: body({ challengeId: c.id }) })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await rows(user.id)).toBe(1);
  });

  it('an expired challenge (422), another user’s (422), another action’s (422) or an unknown one (422) writes nothing', async () => {
    const { token, user } = await createUser();
    const { token: other } = await createUser();
    const late = await challenge(token, 'check-in');
    await db.attendanceChallenge.update({ where: { id: late.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const expired = await call(checkInRoute, { token, body: body({ challengeId: late.id }) });
    expect(expired.status).toBe(422);
    expect(expired.body).toMatchObject({
      code: 'CHALLENGE_EXPIRED',
      error: 'Waktu verifikasi habis (lebih dari 60 detik). Silakan ulangi verifikasi wajah.',
    });
    expect((await db.attendanceChallenge.findUniqueOrThrow({ where: { id: late.id } })).usedAt).toBeNull();

    const foreign = await challenge(other, 'check-in');
    const wrongUser = await call(checkInRoute, { token, body: body({ challengeId: foreign.id }) });
    expect(wrongUser.status).toBe(422);
    expect(wrongUser.body.code).toBe('CHALLENGE_INVALID');
    expect((await db.attendanceChallenge.findUniqueOrThrow({ where: { id: foreign.id } })).usedAt).toBeNull();

    const out = await challenge(token, 'check-out');
    const wrongAction = await call(checkInRoute, { token, body: body({ challengeId: out.id }) });
    expect(wrongAction.status).toBe(422);
    expect(wrongAction.body.code).toBe('CHALLENGE_INVALID');

    const unknown = await call(checkInRoute, { token, body: body({ challengeId: '0c0c0c0c-0000-4000-8000-00000000dead' }) });
    expect(unknown.status).toBe(422);
    expect(await rows(user.id)).toBe(0);

    // The check-out's own challenge answers the check-out; the check-in's does not.
    const cin = await challenge(token, 'check-in');
    expect((await call(checkInRoute, { token, body: body({ challengeId: cin.id }) })).status).toBe(200);
    const reuse = await call(checkOutRoute, { token, body: body({ challengeId: cin.id }) });
    expect(reuse.status).toBe(422);
    expect((await call(checkOutRoute, { token, body: body({ challengeId: out.id }) })).status).toBe(200);
  });
});

describe('flags raised by the request', () => {
  it('position with accuracy, radius 100: 60 ± 30 inside, 90 ± 30 flagged, 140 ± 30 refused, 140 ± 50 flagged', async () => {
    await setSettings({ devicePolicy: 'off' });
    const cases: [number, number, number | 'flag' | 'none'][] = [
      [60, 30, 'none'], // 60 + 30 = 90 ≤ 100
      [90, 30, 'flag'], // 90 + 30 = 120 > 100, 90 − 30 = 60 ≤ 100
      [140, 30, 422], // 140 − 30 = 110 > 100
      [140, 50, 'flag'], // 140 − 50 = 90 ≤ 100 < 190
    ];
    for (const [distance, accuracy, want] of cases) {
      const { token, user } = await createUser();
      const res = await punchCall(checkInRoute, 'check-in', { token, body: body({ ...north(distance), accuracy }) });
      if (want === 422) {
        expect(res.status).toBe(422);
        expect(res.body.error).toBe('Anda berada di luar radius kantor. Tidak dapat melakukan check-in.');
        expect(await rows(user.id)).toBe(0);
        continue;
      }
      expect(res.status).toBe(200);
      const flags = await flagsOf(user.id);
      if (want === 'none') expect(flags).toEqual([]);
      else
        expect(flags).toEqual([
          { phase: 'check_in', reason: 'location', detail: { distance: expect.closeTo(distance, 0), radius: 100, accuracy } },
        ]);
    }
  });

  it('the accuracy ceiling is a setting: 150 m is refused at 100 and accepted (flagged) at 200', async () => {
    await setSettings({ devicePolicy: 'off' });
    const { token, user } = await createUser();
    const refused = await punchCall(checkInRoute, 'check-in', { token, body: body({ accuracy: 150 }) });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('LOCATION_INACCURATE');
    await db.settings.update({ where: { id: 1 }, data: { locationAccuracyMaxM: 200 } });
    // 30 + 150 = 180 > 100 and 30 − 150 < 100: review.
    expect((await punchCall(checkInRoute, 'check-in', { token, body: body({ accuracy: 150 }) })).status).toBe(200);
    expect(await reasonsOf(user.id)).toEqual(['check_in:location']);
  });

  it('client clock: 4 min ahead passes, 6 min behind is flagged (limit 5 min)', async () => {
    await setSettings({ devicePolicy: 'off' });
    const ok = await createUser();
    expect(
      (
        await punchCall(checkInRoute, 'check-in', {
          token: ok.token,
          body: body({ timestamp: new Date(Date.now() + 4 * 60_000).toISOString() }),
        })
      ).status,
    ).toBe(200);
    expect(await reasonsOf(ok.user.id)).toEqual([]);
    const skewed = await createUser();
    expect(
      (
        await punchCall(checkInRoute, 'check-in', {
          token: skewed.token,
          body: body({ timestamp: new Date(Date.now() - 6 * 60_000).toISOString() }),
        })
      ).status,
    ).toBe(200);
    const [flag] = await flagsOf(skewed.user.id);
    expect(flag).toMatchObject({ reason: 'clock', detail: { max: 5 } });
    expect((flag!.detail as { minutes: number }).minutes).toBeCloseTo(-6, 0);
  });

  it('impossible speed: a punch 300 km away one hour earlier is flagged, 100 km is not', async () => {
    await setSettings({ devicePolicy: 'off' });
    const yesterday = dateKeyToDate(addDays(dateKeyInZone(new Date(), TZ), -1));
    for (const [km, flagged] of [
      [300, true],
      [100, false],
    ] as const) {
      const { token, user } = await createUser();
      // Checked out yesterday's record one hour ago, `km` km north (accuracy 10 m): (km − 0.04) / 1 h.
      const far = north(km * 1000);
      await db.attendance.create({
        data: {
          userId: user.id,
          workDate: yesterday,
          checkInAt: new Date(Date.now() - 3 * 3600_000),
          checkInLatitude: far.latitude,
          checkInLongitude: far.longitude,
          checkInDistance: km * 1000,
          checkOutAt: new Date(Date.now() - 3600_000),
          checkOutLatitude: far.latitude,
          checkOutLongitude: far.longitude,
          checkOutDistance: km * 1000,
          checkOutAccuracy: 10,
        },
      });
      expect((await punchCall(checkInRoute, 'check-in', { token, body: body() })).status).toBe(200);
      const flags = await flagsOf(user.id);
      if (flagged)
        expect(flags).toEqual([
          {
            phase: 'check_in',
            reason: 'speed',
            detail: { kmh: expect.closeTo(300, -1), km: expect.closeTo(300, 0), minutes: expect.closeTo(60, 0) },
          },
        ]);
      else expect(flags).toEqual([]);
    }
  });

  it('identical coordinates (6 decimals) of a punch on another day are flagged, also at check-out', async () => {
    await setSettings({ devicePolicy: 'off' });
    const { token, user } = await createUser();
    const spot = { latitude: -6.1751234, longitude: 106.8271534 };
    const threeDaysAgo = addDays(dateKeyInZone(new Date(), TZ), -3);
    await db.attendance.create({
      data: {
        userId: user.id,
        workDate: dateKeyToDate(threeDaysAgo),
        checkInAt: new Date(Date.now() - 3 * 86_400_000),
        checkInLatitude: spot.latitude + 4e-8,
        checkInLongitude: spot.longitude,
        checkInDistance: 30,
      },
    });
    expect((await punchCall(checkInRoute, 'check-in', { token, body: body(spot) })).status).toBe(200);
    expect(
      (await punchCall(checkOutRoute, 'check-out', { token, body: body({ latitude: spot.latitude + 2e-6, longitude: spot.longitude }) }))
        .status,
    ).toBe(200);
    const flags = await flagsOf(user.id);
    // −6.17512344 rounds to −6.175123 like −6.1751234; −6.1751214 does not.
    expect(flags).toEqual([
      { phase: 'check_in', reason: 'repeated_coords', detail: { date: threeDaysAgo, latitude: spot.latitude, longitude: spot.longitude } },
    ]);
  });
});

describe('device binding', () => {
  const key = () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return { publicKey: pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'), privateKey: pair.privateKey };
  };
  const signFor = (k: ReturnType<typeof key>, action: 'check-in' | 'check-out', challengeId: string, userId: string) =>
    sign('sha256', Buffer.from(deviceMessage(action, challengeId, userId)), { key: k.privateKey, dsaEncoding: 'ieee-p1363' }).toString(
      'base64',
    );

  it('a signed punch from the registered device passes; none, another device or a bad signature is flagged', async () => {
    const { token, user } = await createUser();
    const phone = key();
    const reg = await call(registerRoute, { token, body: { name: 'Ponsel Andi', publicKey: phone.publicKey } });
    expect(reg.status).toBe(200);
    // One device per account: a second one waits for an admin's reset.
    const second = await call(registerRoute, { token, body: { name: 'Ponsel Lain', publicKey: key().publicKey } });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('DEVICE_LIMIT');
    const c = await challenge(token, 'check-in');
    const ok = await call(checkInRoute, {
      token,
      body: body({
        challengeId: c.id,
        deviceId: reg.body.id,
        deviceSignature: signFor(phone, 'check-in', c.id, user.id),
        ...(await livenessAnswer(c.steps, DESCRIPTOR)),
      }),
    });
    expect(ok.status).toBe(200);
    expect(await reasonsOf(user.id)).toEqual([]);
    expect((await db.device.findUniqueOrThrow({ where: { id: reg.body.id } })).lastUsedAt).not.toBeNull();
    // The check-out signed with the check-in's message (another action): flagged as a bad signature.
    const o = await challenge(token, 'check-out');
    expect(
      (
        await call(checkOutRoute, {
          token,
          body: body({
            challengeId: o.id,
            deviceId: reg.body.id,
            deviceSignature: signFor(phone, 'check-in', o.id, user.id),
            ...(await livenessAnswer(o.steps, DESCRIPTOR)),
          }),
        })
      ).status,
    ).toBe(200);
    expect(await flagsOf(user.id)).toEqual([
      { phase: 'check_out', reason: 'device', detail: { kind: 'signature', deviceId: reg.body.id, registered: 1, otherAccount: false } },
    ]);
  });

  it('a punch from a device registered to another account is flagged as such; under "require" it is refused', async () => {
    const owner = await createUser();
    const phone = key();
    const reg = await call(registerRoute, { token: owner.token, body: { name: 'Ponsel Budi', publicKey: phone.publicKey } });
    const buddy = await createUser();
    // The same browser cannot register for a second account.
    expect((await call(registerRoute, { token: buddy.token, body: { name: 'Ponsel Budi', publicKey: phone.publicKey } })).body.code).toBe(
      'DEVICE_OTHER_ACCOUNT',
    );
    const c = await challenge(buddy.token, 'check-in');
    expect(
      (
        await call(checkInRoute, {
          token: buddy.token,
          body: body({
            challengeId: c.id,
            deviceId: reg.body.id,
            deviceSignature: signFor(phone, 'check-in', c.id, buddy.user.id),
            ...(await livenessAnswer(c.steps, DESCRIPTOR)),
          }),
        })
      ).status,
    ).toBe(200);
    expect(await flagsOf(buddy.user.id)).toEqual([
      { phase: 'check_in', reason: 'device', detail: { kind: 'unregistered', deviceId: reg.body.id, registered: 0, otherAccount: true } },
    ]);

    await setSettings({ devicePolicy: 'require' });
    const third = await createUser();
    const refused = await punchCall(checkInRoute, 'check-in', { token: third.token, body: body() });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('Perangkat ini belum terdaftar untuk akun Anda');
    expect(await rows(third.user.id)).toBe(0);
  });

  it('lists own devices; admins reset a registration (audited), then the employee registers again', async () => {
    const { token, user } = await createUser();
    const phone = key();
    const reg = await call(registerRoute, { token, body: { name: 'Ponsel Citra', publicKey: phone.publicKey } });
    expect((await call(listDevicesRoute, { token })).body).toEqual([
      expect.objectContaining({ id: reg.body.id, name: 'Ponsel Citra', userId: user.id }),
    ]);
    expect((await call(listDevicesRoute, { token, path: `/api/devices?all=1` })).status).toBe(403);
    expect(
      (
        await call(registerRoute, {
          token,
          body: { name: 'x', publicKey: Buffer.from('bukan kunci P-256 sama sekali, hanya teks').toString('base64') },
        })
      ).status,
    ).toBe(422);
    const { token: hr } = await createPlainUser({ role: 'hr' });
    expect((await call(resetRoute, { token: hr, params: { id: reg.body.id } })).status).toBe(403);
    const { token: admin, user: adminUser } = await createPlainUser({ role: 'admin' });
    expect((await call(listDevicesRoute, { token: admin, path: `/api/devices?userId=${user.id}` })).body).toHaveLength(1);
    expect((await call(resetRoute, { token: admin, params: { id: reg.body.id } })).status).toBe(200);
    expect((await call(resetRoute, { token: admin, params: { id: reg.body.id } })).status).toBe(404);
    const audit = await db.auditLog.findMany({ where: { entity: 'Device', targetUserId: user.id }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.kind, a.actorId])).toEqual([
      ['device.register', user.id],
      ['device.reset', adminUser.id],
    ]);
    expect((await call(registerRoute, { token, body: { name: 'Ponsel Baru', publicKey: key().publicKey } })).status).toBe(200);
  });
});

describe('office network (public IP allow-list)', () => {
  it('flag: an address outside the list is flagged; require: refused (403); inside the list passes', async () => {
    await setSettings({ devicePolicy: 'off' });
    const main = await db.office.findFirstOrThrow({ where: { name: { not: '' } }, orderBy: { createdAt: 'asc' } });
    const office = await db.office.findUniqueOrThrow({
      where: { id: (await db.settings.findUniqueOrThrow({ where: { id: 1 } })).mainOfficeId ?? main.id },
    });
    await db.office.update({ where: { id: office.id }, data: { ipAllowList: ['203.0.113.0/24'], ipPolicy: 'flag' } });
    onTestFinished(() => db.office.update({ where: { id: office.id }, data: { ipAllowList: [], ipPolicy: 'off' } }).then(() => undefined));
    const outside = await createUser();
    expect((await punchCall(checkInRoute, 'check-in', { token: outside.token, body: body(), ip: '198.51.100.7' })).status).toBe(200);
    expect(await flagsOf(outside.user.id)).toEqual([
      { phase: 'check_in', reason: 'ip', detail: { ip: '198.51.100.7', office: office.name } },
    ]);
    const inside = await createUser();
    expect((await punchCall(checkInRoute, 'check-in', { token: inside.token, body: body(), ip: '203.0.113.200' })).status).toBe(200);
    expect(await flagsOf(inside.user.id)).toEqual([]);
    await db.office.update({ where: { id: office.id }, data: { ipPolicy: 'require' } });
    const refused = await createUser();
    const res = await punchCall(checkInRoute, 'check-in', { token: refused.token, body: body(), ip: '198.51.100.7' });
    expect(res.status).toBe(403);
    expect(await rows(refused.user.id)).toBe(0);
  });
});

describe('one review queue (Perlu Tinjauan)', () => {
  it('shows every reason, is decided once, re-opens on a new flag, keeps the history, is counted and shown to the employee', async () => {
    const { token, user } = await createUser({ name: 'Karyawan Antrian' });
    // No device (flag), clock 10 min behind (flag).
    expect(
      (await punchCall(checkInRoute, 'check-in', { token, body: body({ timestamp: new Date(Date.now() - 10 * 60_000).toISOString() }) }))
        .status,
    ).toBe(200);
    const record = await db.attendance.findFirstOrThrow({ where: { userId: user.id } });
    const { token: hr } = await createPlainUser({ role: 'hr' });
    const { token: admin } = await createPlainUser({ role: 'admin' });
    const dashBefore = (await call(dashboardRoute, { token: admin })).body.stats.needsReview as number;
    expect(dashBefore).toBeGreaterThanOrEqual(1);
    const state = await call(reviewGet, { token: hr, params: { id: record.id } });
    expect(state.body.flags.map((f: { phase: string; reason: string }) => `${f.phase}:${f.reason}`).sort()).toEqual([
      'check_in:clock',
      'check_in:device',
    ]);
    const own = await call(historyRoute, { token, params: { userId: user.id } });
    expect(own.body[0]).toMatchObject({ underReview: true, flagReasons: ['clock', 'device'] });

    const decisions = await Promise.all(
      [hr, admin].map((t) => call(reviewRoute, { token: t, params: { id: record.id }, body: { decision: 'confirmed' } })),
    );
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    expect((await call(dashboardRoute, { token: admin })).body.stats.needsReview).toBe(dashBefore - 1);
    expect((await call(historyRoute, { token, params: { userId: user.id } })).body[0]).toMatchObject({ underReview: false });

    // A later flag (e.g. liveness, from another check) brings it back; the first decision stays in the history.
    expect(await addAttendanceFlags(db, record.id, 'check_in', [{ reason: 'liveness', detail: { steps: 'kedip' } }])).toBe(1);
    expect(await addAttendanceFlags(db, record.id, 'check_in', [{ reason: 'liveness', detail: { steps: 'kedip' } }])).toBe(0);
    const back = await call(reviewGet, { token: admin, params: { id: record.id } });
    expect(back.body).toMatchObject({ reviewDecision: null });
    expect(back.body.history).toHaveLength(1);
    const rejected = await call(reviewRoute, {
      token: admin,
      params: { id: record.id },
      body: { decision: 'rejected', note: 'Titip absen' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.history.map((h: { decision: string }) => h.decision)).toEqual(['confirmed', 'rejected']);
    const audit = await db.auditLog.findMany({ where: { entity: 'Attendance', entityId: record.id }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.kind)).toEqual(['attendance.review.confirmed', 'attendance.review.rejected']);
    expect((audit[1]!.after as { reasons: string[] }).reasons.sort()).toEqual(['check_in:clock', 'check_in:device', 'check_in:liveness']);
  });
});

describe('anti-fraud settings (Pengaturan Kantor)', () => {
  it('admins change the policies (audited), HR reads them, bad values change nothing', async () => {
    const { GET, PUT } = await import('@/app/api/settings/anti-fraud/route');
    const { token: admin, user: adminUser } = await createPlainUser({ role: 'admin' });
    const { token: hr } = await createPlainUser({ role: 'hr' });
    const office = await db.office.findFirstOrThrow({ where: { active: true } });
    onTestFinished(async () => {
      await db.settings.update({ where: { id: 1 }, data: { devicePolicy: 'flag', locationAccuracyMaxM: 100, clockSkewMaxMinutes: 5 } });
      await db.office.update({ where: { id: office.id }, data: { ipAllowList: [], ipPolicy: 'off' } });
    });
    const read = await call(GET, { token: hr });
    expect(read.body).toMatchObject({ locationAccuracyMaxM: 100, clockSkewMaxMinutes: 5, devicePolicy: 'flag' });
    const body = {
      locationAccuracyMaxM: 150,
      clockSkewMaxMinutes: 3,
      devicePolicy: 'require',
      offices: [{ id: office.id, ipPolicy: 'flag', ipAllowList: ['203.0.113.0/24', ' 198.51.100.7 ', ''] }],
    };
    expect((await call(PUT, { token: hr, body })).status).toBe(403);
    const saved = await call(PUT, { token: admin, body });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ locationAccuracyMaxM: 150, clockSkewMaxMinutes: 3, devicePolicy: 'require' });
    expect(saved.body.settings.offices.find((o: { id: string }) => o.id === office.id)).toMatchObject({
      ipPolicy: 'flag',
      ipAllowList: ['203.0.113.0/24', '198.51.100.7'],
    });
    expect((await db.auditLog.findFirstOrThrow({ where: { kind: 'settings.anti_fraud' }, orderBy: { id: 'desc' } })).actorId).toBe(
      adminUser.id,
    );
    for (const bad of [
      { ...body, locationAccuracyMaxM: 5 },
      { ...body, clockSkewMaxMinutes: 0 },
      { ...body, devicePolicy: 'always' },
      { ...body, offices: [{ id: office.id, ipPolicy: 'flag', ipAllowList: ['kantor pusat'] }] },
      { ...body, offices: [{ id: office.id, ipPolicy: 'require', ipAllowList: [] }] },
    ]) {
      const res = await call(PUT, { token: admin, body: bad });
      expect(res.status).toBe(400);
    }
    expect((await call(GET, { token: admin })).body).toMatchObject({
      locationAccuracyMaxM: 150,
      clockSkewMaxMinutes: 3,
      devicePolicy: 'require',
    });
  });
});

describe('photos checked again in the background (face re-check worker)', () => {
  it('a photo identical to an enrolment photo is duplicate_photo; a descriptor sent before is replay', async () => {
    const { drainFaceJobs } = await import('@/features/face/server/engine/recheck');
    const { faceFixture } = await import('../helpers');
    await setSettings({ devicePolicy: 'off' });
    const [A1, A2] = await Promise.all([faceFixture('person-a-1.jpg'), faceFixture('person-a-2.jpg')]);
    // The earlier tests' photos need no re-check here: only this test's two jobs run.
    await db.faceCheckJob.deleteMany({});

    // Enrolled with person-a-1.jpg; checks in with the very same file.
    const copycat = await createUser();
    await enrolFace(copycat.user.id, A1.descriptor);
    await db.faceEnrolmentPhoto.create({
      data: {
        userId: copycat.user.id,
        position: 1,
        mime: 'image/jpeg',
        size: A1.image.length,
        data: new Uint8Array(A1.image),
        descriptor: A1.descriptor,
      },
    });
    expect(
      (
        await punchCall(checkInRoute, 'check-in', {
          token: copycat.token,
          body: body({ faceImage: A1.dataUrl, faceDescriptor: A1.descriptor }),
        })
      ).status,
    ).toBe(200);

    // Checks in with a new photo (person-a-2.jpg, 11 bits from person-a-1.jpg) but yesterday's descriptor.
    const replayer = await createUser();
    await enrolFace(replayer.user.id, A1.descriptor);
    await db.faceEnrolmentPhoto.create({
      data: {
        userId: replayer.user.id,
        position: 1,
        mime: 'image/jpeg',
        size: A1.image.length,
        data: new Uint8Array(A1.image),
        descriptor: A1.descriptor,
      },
    });
    const yesterday = addDays(dateKeyInZone(new Date(), TZ), -1);
    await db.attendance.create({
      data: {
        userId: replayer.user.id,
        workDate: dateKeyToDate(yesterday),
        checkInAt: new Date(Date.now() - 86_400_000),
        checkInLatitude: -6.1754,
        checkInLongitude: 106.8271,
        checkInDistance: 1,
        faceCheckStatus: 'verified',
        photos: {
          create: {
            kind: 'check_in',
            mime: 'image/jpeg',
            size: 4,
            data: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
            descriptor: A2.descriptor,
          },
        },
      },
    });
    expect(
      (
        await punchCall(checkInRoute, 'check-in', {
          token: replayer.token,
          body: body({ faceImage: A2.dataUrl, faceDescriptor: A2.descriptor }),
        })
      ).status,
    ).toBe(200);

    await drainFaceJobs();
    expect(await flagsOf(copycat.user.id)).toEqual([
      { phase: 'check_in', reason: 'duplicate_photo', detail: { of: 'enrolment', position: 1, bits: 0 } },
    ]);
    expect(await flagsOf(replayer.user.id)).toEqual([
      { phase: 'check_in', reason: 'replay', detail: { sameDescriptorAs: yesterday, kind: 'check_in' } },
    ]);
    // The face itself matched: verified, but the record waits in Perlu Tinjauan all the same.
    expect(
      (await db.attendance.findFirstOrThrow({ where: { userId: copycat.user.id, workDate: dateKeyToDate(dateKeyInZone(new Date(), TZ)) } }))
        .faceCheckStatus,
    ).toBe('verified');
    expect((await db.attendancePhoto.findFirstOrThrow({ where: { attendance: { userId: copycat.user.id } } })).phash).toMatch(
      /^[0-9a-f]{16}$/,
    );
  }, 300_000);
});
