import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import jpeg from 'jpeg-js';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { POST as checkOutRoute } from '@/app/api/attendance/check-out/route';
import { GET as todayRoute } from '@/app/api/attendance/today/[userId]/route';
import { GET as historyRoute } from '@/app/api/attendance/history/[userId]/route';
import { GET as summaryRoute } from '@/app/api/attendance/summary/[userId]/route';
import { GET as photoRoute } from '@/app/api/attendance/[id]/photo/[kind]/route';
import { db } from '@/lib/server/db';
import { MAX_OPEN_CHALLENGES } from '@/features/attendance/server/challenge';
import { dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import {
  call,
  clearHolidays,
  configureMainOffice,
  createUser as createPlainUser,
  enrolFace,
  setDefaultWorkingDays,
  punchCall,
} from '../helpers';

const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
// About 30 m north of the office (inside the 100 m radius) and Bundaran HI (about 2.2 km away).
const INSIDE = { latitude: -6.175122, longitude: 106.827153 };
const FAR = { latitude: -6.194929, longitude: 106.823025 };

function jpegDataUrl(size = 32): string {
  const data = Buffer.alloc(size * size * 4, 0x80);
  return `data:image/jpeg;base64,${jpeg.encode({ data, width: size, height: size }, 80).data.toString('base64')}`;
}
const PHOTO = jpegDataUrl();
const DESCRIPTOR = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);

// Check-in/out need an enrolled face (face matching): every user made here is enrolled with DESCRIPTOR.
async function createUser(opts?: Parameters<typeof createPlainUser>[0]) {
  const made = await createPlainUser(opts);
  await enrolFace(made.user.id, DESCRIPTOR);
  return made;
}

const payload = (userId: string, over: Record<string, unknown> = {}) => ({
  userId,
  ...INSIDE,
  accuracy: 12.5,
  timestamp: '2020-01-01T00:00:00.000Z',
  faceImage: PHOTO,
  faceDescriptor: DESCRIPTOR,
  verificationMethod: 'face',
  ...over,
});

async function setOffice(latitude: number | null = OFFICE.latitude, longitude: number | null = OFFICE.longitude) {
  await configureMainOffice({ latitude, longitude, radius: 100, timezone: 'Asia/Jakarta' });
}

const todayKey = () => dateKeyInZone(new Date(), 'Asia/Jakarta');
const countRows = async (userId: string) => ({
  attendance: await db.attendance.count({ where: { userId } }),
  photos: await db.attendancePhoto.count({ where: { attendance: { userId } } }),
});

beforeAll(async () => {
  await setOffice();
});

describe('POST /api/attendance/check-in', () => {
  it('records the server time, the office-timezone date, distance, accuracy, the photo and descriptor', async () => {
    const { user, token } = await createUser();
    const before = Date.now();
    const res = await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) });
    expect(res.status).toBe(200);
    expect(res.body.attendance.checkIn).toMatchObject({
      latitude: INSIDE.latitude,
      longitude: INSIDE.longitude,
      verificationMethod: 'face',
      hasPhoto: true,
      accuracy: 12.5,
    });
    expect(JSON.stringify(res.body)).not.toContain('descriptor');
    const row = await db.attendance.findFirstOrThrow({ where: { userId: user.id }, include: { photos: true } });
    expect(row.checkInAt.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(row.checkInClientTimestamp?.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    expect(row.workDate.toISOString().slice(0, 10)).toBe(dateKeyInZone(row.checkInAt, 'Asia/Jakarta'));
    expect(row.checkInDistance).toBeGreaterThan(25);
    expect(row.checkInDistance).toBeLessThan(35);
    expect(row.checkInAccuracy).toBe(12.5);
    expect(row.photos).toHaveLength(1);
    expect(row.photos[0]).toMatchObject({ kind: 'check_in', mime: 'image/jpeg' });
    expect(row.photos[0]!.descriptor).toHaveLength(128);
    expect(row.photos[0]!.descriptor[1]).toBeCloseTo(DESCRIPTOR[1]!, 6);
  });

  // An employee holds at most MAX_OPEN_CHALLENGES (10) open challenges: 10 simultaneous punches, each with its own.
  it('10 simultaneous check-ins of one employee give exactly one row and 9 answers of 409', async () => {
    const { user, token } = await createUser();
    const results = await Promise.all(
      Array.from({ length: MAX_OPEN_CHALLENGES }, () => punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(MAX_OPEN_CHALLENGES - 1);
    expect(results.find((r) => r.status === 409)!.body.error).toBe('Anda sudah melakukan check-in hari ini');
    expect(await countRows(user.id)).toEqual({ attendance: 1, photos: 1 });
  });

  it('refuses a position outside the radius with 422 and the spec text, and writes nothing', async () => {
    const { user, token } = await createUser();
    const res = await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id, FAR) });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Anda berada di luar radius kantor. Tidak dapat melakukan check-in.');
    expect(await countRows(user.id)).toEqual({ attendance: 0, photos: 0 });
  });

  it.each([
    ['a PNG data URL', { faceImage: 'data:image/png;base64,iVBORw0KGgo=' }, 400],
    [
      'a JPEG prefix without JPEG bytes',
      { faceImage: `data:image/jpeg;base64,${Buffer.from('not a jpeg at all').toString('base64')}` },
      400,
    ],
    ['no photo', { faceImage: undefined }, 400],
    [
      'a photo over 300 KB',
      {
        faceImage: `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(301 * 1024)]).toString('base64')}`,
      },
      413,
    ],
    ['another verification method', { verificationMethod: 'pin' }, 400],
    ['missing latitude', { latitude: undefined }, 400],
    ['a non-numeric longitude', { longitude: '106.8' }, 400],
    ['a descriptor of the wrong length', { faceDescriptor: [1, 2, 3] }, 400],
    ['an accuracy of 1,000 km', { accuracy: 1_000_000 }, 400],
    ['an accuracy just over 10 km', { accuracy: 10_000.5 }, 400],
    ['a negative accuracy', { accuracy: -1 }, 400],
  ])('refuses %s and writes nothing', async (_label, over, status) => {
    const { user, token } = await createUser();
    const res = await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id, over) });
    expect(res.status).toBe(status);
    expect(typeof res.body.error).toBe('string');
    if (status === 413) expect(res.body.error).toBe('Ukuran foto maksimal 300 KB');
    if ('accuracy' in over && (over.accuracy ?? 0) > 0)
      expect(res.body.error).toBe('Akurasi lokasi lebih dari 10 km: lokasi tidak dapat dipakai. Aktifkan GPS lalu coba lagi.');
    expect(await countRows(user.id)).toEqual({ attendance: 0, photos: 0 });
  });

  it('asks for a retry when the accuracy is worse than the ceiling (100 m by default), and writes nothing', async () => {
    const { user, token } = await createUser();
    const res = await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id, { accuracy: 10_000 }) });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('LOCATION_INACCURATE');
    expect(res.body.error).toBe(
      'Akurasi lokasi Anda ±10000 m, melebihi batas 100 m. Tunggu sebentar di tempat terbuka atau aktifkan GPS, lalu coba lagi.',
    );
    expect(await countRows(user.id)).toEqual({ attendance: 0, photos: 0 });
  });

  it('acts for the signed-in employee only: another userId is 403, admins and anonymous are refused', async () => {
    const { user: victim } = await createUser();
    const { token } = await createUser();
    expect((await punchCall(checkInRoute, 'check-in', { token, body: payload(victim.id) })).status).toBe(403);
    const { token: adminToken, user: admin } = await createUser({ role: 'admin' });
    expect((await punchCall(checkInRoute, 'check-in', { token: adminToken, body: payload(admin.id) })).status).toBe(403);
    expect((await punchCall(checkInRoute, 'check-in', { body: payload(victim.id) })).status).toBe(401);
    expect(await countRows(victim.id)).toEqual({ attendance: 0, photos: 0 });
  });

  it('refuses when the office location is not set (422)', async () => {
    const { user, token } = await createUser();
    await setOffice(null, null);
    try {
      const res = await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) });
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('Lokasi kantor belum diatur');
    } finally {
      await setOffice();
    }
  });

  it('stores minutes late against the employee working hours, and early minutes at check-out', async () => {
    const { user, token } = await createUser();
    // A shift today that makes any time of day late and early: start 00:00, end 23:59 (a roster cell wins over holidays and rest days).
    await db.rosterEntry.create({
      data: { userId: user.id, date: dateKeyToDate(dateKeyInZone(new Date(), 'Asia/Jakarta')), start: '00:00', end: '23:59' },
    });
    const res = await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) });
    expect(res.status).toBe(200);
    const row = await db.attendance.findFirstOrThrow({ where: { userId: user.id } });
    const minutes =
      Number(row.checkInAt.toLocaleString('en-GB', { timeZone: 'Asia/Jakarta', hour: '2-digit', hourCycle: 'h23' })) * 60 +
      Number(row.checkInAt.toLocaleString('en-GB', { timeZone: 'Asia/Jakarta', minute: '2-digit' }));
    expect(row.lateMinutes).toBe(minutes);
    const out = await punchCall(checkOutRoute, 'check-out', { token, body: payload(user.id) });
    expect(out.status).toBe(200);
    const after = await db.attendance.findFirstOrThrow({ where: { userId: user.id } });
    expect(after.earlyMinutes).toBeGreaterThanOrEqual(23 * 60 + 59 - minutes - 1);
    const today = await call(todayRoute, { token, params: { userId: user.id } });
    expect(today.body.checkIn.lateMinutes).toBe(minutes);
    expect(today.body.checkOut.earlyMinutes).toBe(after.earlyMinutes);
  });
});

describe('POST /api/attendance/check-out', () => {
  it('is refused without a check-in, then completes the day once; concurrent check-outs give exactly one', async () => {
    const { user, token } = await createUser();
    const before = await punchCall(checkOutRoute, 'check-out', { token, body: payload(user.id) });
    expect(before.status).toBe(409);
    expect(before.body.error).toBe('Anda belum melakukan check-in hari ini');
    expect((await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) })).status).toBe(200);
    // The refused check-out above left one open challenge: 9 more fit under MAX_OPEN_CHALLENGES (10).
    const results = await Promise.all(
      Array.from({ length: 9 }, () =>
        punchCall(checkOutRoute, 'check-out', { token, body: payload(user.id, { latitude: OFFICE.latitude }) }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(8);
    expect(await countRows(user.id)).toEqual({ attendance: 1, photos: 2 });
    const again = await punchCall(checkOutRoute, 'check-out', { token, body: payload(user.id) });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Anda sudah melakukan check-out hari ini');
  });

  it('refuses outside the radius with the check-out text', async () => {
    const { user, token } = await createUser();
    await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) });
    const res = await punchCall(checkOutRoute, 'check-out', { token, body: payload(user.id, FAR) });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Anda berada di luar radius kantor. Tidak dapat melakukan check-out.');
    const row = await db.attendance.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.checkOutAt).toBeNull();
  });
});

describe('reading attendance', () => {
  it('today: the owner, admins and HR read it; another employee gets 403', async () => {
    const { user, token } = await createUser();
    const { token: other } = await createUser();
    const { token: hr } = await createUser({ role: 'hr' });
    const { token: admin } = await createUser({ role: 'admin' });
    const empty = await call(todayRoute, { token, params: { userId: user.id } });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ checkIn: null, checkOut: null, date: todayKey() });
    await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) });
    const own = await call(todayRoute, { token, params: { userId: user.id } });
    expect(own.body.checkIn).toMatchObject({ latitude: INSIDE.latitude, verificationMethod: 'face' });
    expect(own.body.checkOut).toBeNull();
    expect((await call(todayRoute, { token: other, params: { userId: user.id } })).status).toBe(403);
    expect((await call(todayRoute, { token: hr, params: { userId: user.id } })).body.checkIn.timestamp).toBe(own.body.checkIn.timestamp);
    expect((await call(todayRoute, { token: admin, params: { userId: user.id } })).status).toBe(200);
    expect((await call(todayRoute, { params: { userId: user.id } })).status).toBe(401);
    expect((await call(todayRoute, { token: admin, params: { userId: 'not-a-uuid' } })).status).toBe(400);
  });

  it('history: own only for employees, dates validated, newest first within the period', async () => {
    const { user, token } = await createUser();
    const { token: other } = await createUser();
    const { token: hr } = await createUser({ role: 'hr' });
    const rows = ['2025-03-03', '2025-03-04', '2025-03-10'].map((d, i) => ({
      userId: user.id,
      workDate: dateKeyToDate(d),
      checkInAt: new Date(`${d}T01:0${i}:00Z`),
      checkInLatitude: INSIDE.latitude,
      checkInLongitude: INSIDE.longitude,
      checkInDistance: 30,
      checkOutAt: i === 0 ? new Date(`${d}T10:00:00Z`) : null,
      checkOutLatitude: i === 0 ? INSIDE.latitude : null,
      checkOutLongitude: i === 0 ? INSIDE.longitude : null,
      checkOutMethod: i === 0 ? 'face' : null,
    }));
    await db.attendance.createMany({ data: rows });
    const res = await call(historyRoute, {
      token,
      params: { userId: user.id },
      path: '/api/attendance/history/x?startDate=2025-03-01&endDate=2025-03-05',
    });
    expect(res.status).toBe(200);
    expect(res.body.map((e: { date: string }) => e.date)).toEqual(['2025-03-04', '2025-03-03']);
    expect(res.body[1]).toMatchObject({ checkIn: { timestamp: '2025-03-03T01:00:00.000Z' }, checkOut: { verificationMethod: 'face' } });
    expect(res.body[0].checkOut).toBeNull();
    const all = await call(historyRoute, { token: hr, params: { userId: user.id } });
    expect(all.body).toHaveLength(3);
    expect((await call(historyRoute, { token: other, params: { userId: user.id } })).status).toBe(403);
    for (const q of ['startDate=2025-3-1', 'startDate=2025-02-30', 'startDate=2025-03-10&endDate=2025-03-01', 'page=0', 'limit=1001']) {
      const bad = await call(historyRoute, { token, params: { userId: user.id }, path: `/api/attendance/history/x?${q}` });
      expect(bad.status).toBe(400);
    }
    const reversed = await call(historyRoute, {
      token,
      params: { userId: user.id },
      path: '/api/attendance/history/x?startDate=2025-03-10&endDate=2025-03-01',
    });
    expect(reversed.body.error).toBe('Tanggal mulai tidak boleh setelah tanggal selesai');
  });

  it('summary: approved leave is not absence; only the owner, admins and HR read it', async () => {
    // Every day a working day, so the expectation is the spec's formula whatever today is
    // (the working-day rule itself is unit-tested in attendance-rules.test.ts).
    await setDefaultWorkingDays([1, 2, 3, 4, 5, 6, 7]);
    const holidays = await db.holiday.findMany();
    await clearHolidays();
    onTestFinished(async () => {
      await setDefaultWorkingDays([1, 2, 3, 4, 5]);
      await db.holiday.createMany({ data: holidays });
    });
    const joined = new Date(Date.now() - 40 * 86_400_000);
    const { user, token } = await createUser({ createdAt: joined });
    const { token: other } = await createUser();
    const key = todayKey();
    const day = Number(key.slice(8, 10));
    await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) });
    if (day >= 2) {
      const first = dateKeyToDate(`${key.slice(0, 8)}01`);
      await db.leaveRequest.create({
        data: { userId: user.id, type: 'sakit', reason: 'Sakit demam tinggi', startDate: first, endDate: first, status: 'approved' },
      });
    }
    const res = await call(summaryRoute, { token, params: { userId: user.id } });
    expect(res.status).toBe(200);
    const leave = day >= 2 ? 1 : 0;
    expect(res.body).toMatchObject({ presentDays: 1, leaveDays: leave, absentDays: day - 1 - leave, dayOfMonth: day });
    expect(res.body.attendanceRate).toBe(Math.round((1 / (1 + day - 1 - leave)) * 100));
    expect((await call(summaryRoute, { token: other, params: { userId: user.id } })).status).toBe(403);
  });

  it('photo: the owner, admins and HR get the JPEG (private, no-store); another employee does not', async () => {
    const { user, token } = await createUser();
    const { token: other } = await createUser();
    const { token: admin } = await createUser({ role: 'admin' });
    const { token: hr } = await createUser({ role: 'hr' });
    const created = await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) });
    const id = created.body.attendance.id as string;
    const own = await call(photoRoute, { token, params: { id, kind: 'check-in' } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await call(photoRoute, { token: admin, params: { id, kind: 'check-in' } })).status).toBe(200);
    expect((await call(photoRoute, { token: hr, params: { id, kind: 'check-in' } })).status).toBe(200);
    expect((await call(photoRoute, { token: other, params: { id, kind: 'check-in' } })).status).toBe(403);
    expect((await call(photoRoute, { token: other, params: { id, kind: 'check-out' } })).status).toBe(403);
    expect((await call(photoRoute, { token, params: { id, kind: 'check-out' } })).status).toBe(404);
    expect((await call(photoRoute, { token, params: { id, kind: 'selfie' } })).status).toBe(400);
    expect((await call(photoRoute, { params: { id, kind: 'check-in' } })).status).toBe(401);
  });
});
