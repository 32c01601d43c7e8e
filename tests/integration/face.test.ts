// Face enrolment, matching at check-in/out, the server re-check worker, review and retention,
// with descriptors computed from face-api's sample photos (tests/fixtures/faces).
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { POST as enrolRoute } from '@/app/api/face/enrol/route';
import { POST as assistedRoute } from '@/app/api/face/enrolment/[userId]/route';
import { GET as meRoute } from '@/app/api/face/me/route';
import { GET as enrolmentRoute } from '@/app/api/face/enrolment/[userId]/route';
import { GET as enrolmentPhotoRoute } from '@/app/api/face/enrolment/[userId]/photo/[position]/route';
import { POST as resetRoute } from '@/app/api/face/enrolment/[userId]/reset/route';
import { POST as reviewRoute } from '@/app/api/attendance/[id]/review/route';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { POST as checkOutRoute } from '@/app/api/attendance/check-out/route';
import { db } from '@/lib/server/db';
import { drainFaceJobs } from '@/features/face/server/engine/recheck';
import { claimJobs } from '@/features/face/server/engine/queue';
import { startFaceWorker } from '@/features/face/server/engine/worker';
import { deleteExpiredAttendancePhotos } from '@/features/face/server/engine/retention';
import { call, configureMainOffice, createUser, enrolFace, faceFixture, punchCall } from '../helpers';

// Every case here runs the face engine on the CPU (detections of 640×480 photos): seconds on a quiet machine,
// over a minute on two cores shared with a build, so the time allowed is per case of this file, not the default.
vi.setConfig({ testTimeout: 300_000 });

type Fixture = Awaited<ReturnType<typeof faceFixture>>;
let A1: Fixture, A2: Fixture, A3: Fixture, B: Fixture, C: Fixture, NONE: Fixture;
const INSIDE = { latitude: -6.175122, longitude: 106.827153 };

beforeAll(async () => {
  [A1, A2, A3, B, C, NONE] = (await Promise.all(
    ['person-a-1.jpg', 'person-a-2.jpg', 'person-a-3.jpg', 'person-b-1.jpg', 'person-c-1.jpg', 'no-face.jpg'].map(faceFixture),
  )) as [Fixture, Fixture, Fixture, Fixture, Fixture, Fixture];
  await db.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: { faceMatchThreshold: 0.5, photoRetentionDays: 90 } });
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100 });
});

const captures = (...f: Fixture[]) => ({ captures: f.map((x) => ({ image: x.dataUrl, descriptor: x.descriptor })) });
const attendanceBody = (photo: Fixture, descriptor: number[] | null = photo.descriptor) => ({
  ...INSIDE,
  accuracy: 10,
  timestamp: new Date().toISOString(),
  faceImage: photo.dataUrl,
  faceDescriptor: descriptor,
  verificationMethod: 'face',
});

async function enrolledEmployee() {
  const made = await createUser();
  const res = await call(enrolRoute, { token: made.token, body: captures(A1, A2, A3) });
  expect(res.status).toBe(201);
  return made;
}

describe('enrolment', () => {
  it('three agreeing live captures become an active reference with photos; who and when are recorded', async () => {
    const { user, token } = await createUser();
    expect((await call(meRoute, { token })).body).toMatchObject({ status: 'none', enrolled: false });
    const res = await call(enrolRoute, { token, body: captures(A1, A2, A3) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: user.id, status: 'active', enrolled: true, photos: [1, 2, 3], enrolledBy: { id: user.id } });
    expect(JSON.stringify(res.body)).not.toContain('descriptor');
    const profile = await db.faceProfile.findUniqueOrThrow({ where: { userId: user.id }, include: { photos: true } });
    expect(profile.descriptor).toHaveLength(128);
    expect(profile.enrolledById).toBe(user.id);
    expect(profile.photos).toHaveLength(3);
    // The reference is the mean of the submitted descriptors.
    expect(profile.descriptor[5]).toBeCloseTo((A1.descriptor[5]! + A2.descriptor[5]! + A3.descriptor[5]!) / 3, 5);
    expect((await call(meRoute, { token })).body).toMatchObject({ status: 'active', enrolled: true });
  });

  it('refuses captures that do not agree (a different person in one of them) and stores nothing', async () => {
    const { user, token } = await createUser();
    const res = await call(enrolRoute, { token, body: captures(A1, A2, B) });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('FACE_ENROL_INCONSISTENT');
    expect(await db.faceProfile.count({ where: { userId: user.id } })).toBe(0);
  });

  it('the server finds no face in a faceless photo even when the descriptor sent with it is genuine', async () => {
    const { user, token } = await createUser();
    const res = await call(enrolRoute, {
      token,
      body: { captures: [A1, A2, { ...NONE, descriptor: A3.descriptor }].map((x) => ({ image: x.dataUrl, descriptor: x.descriptor })) },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'FACE_ENROL_NO_FACE',
      error: 'Wajah tidak terdeteksi pada foto ke-3. Silakan ulangi pendaftaran.',
    });
    expect(await db.faceProfile.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses someone else's photo sent with the employee's descriptor", async () => {
    const { token } = await createUser();
    const res = await call(enrolRoute, {
      token,
      body: { captures: [A1, A2, { ...C, descriptor: A3.descriptor }].map((x) => ({ image: x.dataUrl, descriptor: x.descriptor })) },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('FACE_ENROL_PHOTO_MISMATCH');
  });

  it.each([
    ['two captures', { captures: [] as unknown[] }, 400],
    [
      'a PNG',
      { captures: [1, 2, 3].map(() => ({ image: 'data:image/png;base64,iVBORw0KGgo=', descriptor: new Array(128).fill(0) })) },
      400,
    ],
    ['short descriptors', { captures: [1, 2, 3].map(() => ({ image: 'data:image/jpeg;base64,/9j/', descriptor: [1, 2] })) }, 400],
  ])('validates input: %s', async (_label, body, status) => {
    const { token } = await createUser();
    const res = await call(enrolRoute, { token, body });
    expect(res.status).toBe(status);
    expect(typeof res.body.error).toBe('string');
  });

  it('an active enrolment cannot be replaced by the employee; only an admin reset reopens it', async () => {
    const { user, token } = await enrolledEmployee();
    const again = await call(enrolRoute, { token, body: captures(B, B, B) });
    expect(again.status).toBe(409);
    const { token: hr } = await createUser({ role: 'hr' });
    const { user: admin, token: adminToken } = await createUser({ role: 'admin' });
    expect((await call(resetRoute, { token: hr, params: { userId: user.id } })).status).toBe(403);
    expect((await call(resetRoute, { token, params: { userId: user.id } })).status).toBe(403);
    const reset = await call(resetRoute, { token: adminToken, params: { userId: user.id } });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ status: 'reset', enrolled: false, photos: [], resetBy: { id: admin.id, name: admin.name } });
    expect(reset.body.resetAt).toEqual(expect.any(String));
    expect(await db.faceEnrolmentPhoto.count({ where: { userId: user.id } })).toBe(0);
    // Not enrolled any more: check-in leads to enrolment.
    const refused = await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(A2) });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('FACE_NOT_ENROLLED');
    expect((await call(resetRoute, { token: adminToken, params: { userId: user.id } })).status).toBe(409);
    expect((await call(enrolRoute, { token, body: captures(A1, A2, A3) })).status).toBe(201);
  });

  it('HR enrols an employee on an office device: the same checks, recorded as done by HR (audited); the employee re-enrols only after a reset', async () => {
    const hr = await createUser({ role: 'hr', name: 'HR Kantor' });
    const emp = await createUser({ name: 'Karyawan Dibantu' });
    const forEmp = (body: unknown, token = hr.token) =>
      call(assistedRoute, { method: 'POST', token, params: { userId: emp.user.id }, path: '/api/face/enrolment/x', body });
    // The same checks as one's own enrolment: captures of two people are refused, nothing stored.
    const mixed = await forEmp(captures(A1, A2, B));
    expect(mixed.status).toBe(422);
    expect(mixed.body.code).toBe('FACE_ENROL_INCONSISTENT');
    expect(await db.faceProfile.count({ where: { userId: emp.user.id } })).toBe(0);
    // An employee may not enrol someone else.
    expect((await forEmp(captures(A1, A2, A3), emp.token)).status).toBe(403);
    const res = await forEmp(captures(A1, A2, A3));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: emp.user.id,
      status: 'active',
      photos: [1, 2, 3],
      enrolledBy: { id: hr.user.id, name: 'HR Kantor' },
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'face.enrol', targetUserId: emp.user.id } });
    expect(audit).toMatchObject({ actorId: hr.user.id, after: { status: 'active', photos: 3, assisted: true } });
    // The employee checks in with that face; enrolling again (the employee or HR) waits for a reset.
    const punch = await punchCall(checkInRoute, 'check-in', { token: emp.token, body: attendanceBody(A2) });
    expect(punch.status).toBe(200);
    expect((await call(enrolRoute, { token: emp.token, body: captures(A1, A2, A3) })).status).toBe(409);
    expect((await forEmp(captures(A1, A2, A3))).status).toBe(409);
    // Not for HR's own account, an administrator, or an unknown id.
    const admin = await createUser({ role: 'admin' });
    const at = (userId: string) =>
      call(assistedRoute, {
        method: 'POST',
        token: hr.token,
        params: { userId },
        path: '/api/face/enrolment/x',
        body: captures(A1, A2, A3),
      });
    expect((await at(hr.user.id)).status).toBe(409);
    expect((await at(admin.user.id)).status).toBe(409);
    expect((await at('8c6f0d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f')).status).toBe(404);
  });

  it('status and photos are readable by the owner, admins and HR only', async () => {
    const { user, token } = await enrolledEmployee();
    const { token: other } = await createUser();
    const { token: hr } = await createUser({ role: 'hr' });
    const { token: admin } = await createUser({ role: 'admin' });
    for (const t of [token, hr, admin]) {
      expect((await call(enrolmentRoute, { token: t, params: { userId: user.id } })).body).toMatchObject({ status: 'active' });
      const photo = await call(enrolmentPhotoRoute, { token: t, params: { userId: user.id, position: '2' } });
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      expect(photo.headers.get('cache-control')).toBe('private, no-store');
    }
    expect((await call(enrolmentRoute, { token: other, params: { userId: user.id } })).status).toBe(403);
    expect((await call(enrolmentPhotoRoute, { token: other, params: { userId: user.id, position: '1' } })).status).toBe(403);
    expect((await call(enrolmentPhotoRoute, { params: { userId: user.id, position: '1' } })).status).toBe(401);
    expect((await call(enrolmentPhotoRoute, { token, params: { userId: user.id, position: '4' } })).status).toBe(400);
  });
});

describe('matching at check-in and check-out', () => {
  it('the same person matches (distance stored as faceScore); a different person is refused with the spec text', async () => {
    const { user, token } = await enrolledEmployee();
    const other = await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(B) });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'Verifikasi wajah gagal. Silakan coba lagi.', code: 'FACE_MISMATCH' });
    expect(await db.attendance.count({ where: { userId: user.id } })).toBe(0);
    const third = await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(C) });
    expect(third.status).toBe(422);

    const res = await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(A2) });
    expect(res.status).toBe(200);
    const row = await db.attendance.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.checkInFaceScore).toBeGreaterThan(0);
    expect(row.checkInFaceScore).toBeLessThan(0.2);
    expect(row.faceCheckStatus).toBe('pending');

    expect((await punchCall(checkOutRoute, 'check-out', { token, body: attendanceBody(B) })).status).toBe(422);
    expect((await punchCall(checkOutRoute, 'check-out', { token, body: attendanceBody(A3) })).status).toBe(200);
    const done = await db.attendance.findFirstOrThrow({ where: { userId: user.id } });
    expect(done.checkOutFaceScore).toBeLessThan(0.2);
  });

  it('without an enrolment, or without a descriptor, check-in is refused with a message leading to enrolment', async () => {
    const { token } = await createUser();
    const res = await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(A1) });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'FACE_NOT_ENROLLED',
      error: 'Wajah Anda belum terdaftar. Silakan daftarkan wajah terlebih dahulu di menu Akun Saya.',
    });
    const { token: enrolled } = await enrolledEmployee();
    const missing = await punchCall(checkInRoute, 'check-in', { token: enrolled, body: attendanceBody(A1, null) });
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe('FACE_DESCRIPTOR_MISSING');
  });

  it('the threshold comes from the settings', async () => {
    const { user, token } = await enrolledEmployee();
    await db.settings.update({ where: { id: 1 }, data: { faceMatchThreshold: 0.05 } });
    try {
      expect((await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(A2) })).status).toBe(422);
    } finally {
      await db.settings.update({ where: { id: 1 }, data: { faceMatchThreshold: 0.5 } });
    }
    expect((await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(A2) })).status).toBe(200);
    expect(await db.attendance.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe('server re-check worker', () => {
  async function checkInAndRecheck(photo: Fixture, descriptor: number[]) {
    const { user, token } = await enrolledEmployee();
    const res = await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(photo, descriptor) });
    expect(res.status).toBe(200);
    // Check-in does not wait for the re-check: the job is queued.
    const row = await db.attendance.findFirstOrThrow({ where: { userId: user.id }, include: { photos: { include: { jobs: true } } } });
    expect(row.faceCheckStatus).toBe('pending');
    expect(row.photos[0]!.jobs).toHaveLength(1);
    expect(row.photos[0]!.jobs[0]!.status).toBe('queued');
    await drainFaceJobs();
    return { user, token, row: await db.attendance.findFirstOrThrow({ where: { userId: user.id } }) };
  }

  it('a genuine photo is verified, and the check-out photo is re-checked too', async () => {
    const { user, token, row } = await checkInAndRecheck(A2, A2.descriptor);
    expect(row).toMatchObject({ faceCheckStatus: 'verified', faceCheckReason: null });
    expect(await db.faceCheckJob.count({ where: { photo: { attendanceId: row.id }, status: 'done' } })).toBe(1);
    expect((await punchCall(checkOutRoute, 'check-out', { token, body: attendanceBody(A3) })).status).toBe(200);
    expect((await db.attendance.findFirstOrThrow({ where: { userId: user.id } })).faceCheckStatus).toBe('pending');
    await drainFaceJobs();
    expect((await db.attendance.findFirstOrThrow({ where: { userId: user.id } })).faceCheckStatus).toBe('verified');
  });

  it("a tampered request (another person's photo with the enrolled descriptor) is accepted at check-in but flagged", async () => {
    const { row } = await checkInAndRecheck(B, A2.descriptor);
    expect(row.faceCheckStatus).toBe('flagged');
    expect(row.faceCheckReason).toBe('Check-in: wajah tidak cocok dengan wajah terdaftar');
  });

  it('a photo without a face is flagged', async () => {
    const { row } = await checkInAndRecheck(NONE, A2.descriptor);
    expect(row).toMatchObject({ faceCheckStatus: 'flagged', faceCheckReason: 'Check-in: tidak ada wajah pada foto' });
  });

  it('a made-up descriptor close to the reference but not to the photo is flagged as a descriptor mismatch', async () => {
    const { user, token } = await createUser();
    await enrolFace(user.id, A1.descriptor);
    // Pushed away from the photo's own descriptor (A2), beyond the reference (A1): within 0.5 of A1, not of A2.
    const forged = A1.descriptor.map((v, i) => v + 5.5 * (v - A2.descriptor[i]!));
    const res = await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(A2, forged) });
    expect(res.status).toBe(200);
    await drainFaceJobs();
    expect(await db.attendance.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({
      faceCheckStatus: 'flagged',
      faceCheckReason: 'Check-in: foto tidak sesuai dengan data wajah yang dikirim browser',
    });
  });

  it('jobs survive a dead worker: a stale running job is claimed again; fresh ones are not double-claimed', async () => {
    const { token, user } = await enrolledEmployee();
    expect((await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(A1) })).status).toBe(200);
    const job = await db.faceCheckJob.findFirstOrThrow({ where: { photo: { attendance: { userId: user.id } } } });
    await db.faceCheckJob.update({
      where: { id: job.id },
      data: { status: 'running', lockedAt: new Date(Date.now() - 10 * 60_000), attempts: 1 },
    });
    const [a, b] = await Promise.all([claimJobs(5), claimJobs(5)]);
    const ids = [...a!, ...b!].map((j) => String(j.id));
    expect(ids.filter((id) => id === String(job.id))).toHaveLength(1);
    expect(new Set(ids).size).toBe(ids.length);
    // Put the claimed jobs back so drain() runs them.
    await db.faceCheckJob.updateMany({ where: { status: 'running' }, data: { status: 'queued', lockedAt: null } });
    await drainFaceJobs();
    expect((await db.attendance.findFirstOrThrow({ where: { userId: user.id } })).faceCheckStatus).toBe('verified');
    expect((await db.faceCheckJob.findUniqueOrThrow({ where: { id: job.id } })).attempts).toBeGreaterThanOrEqual(2);
  });
});

describe('the background worker', () => {
  it('runs two jobs at once (one per engine thread), never more, and each job once', async () => {
    const made = await Promise.all([1, 2, 3, 4].map(() => enrolledEmployee()));
    for (const { token } of made) expect((await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(A2) })).status).toBe(200);
    const ids = made.map((m) => m.user.id);
    const ours = { photo: { attendance: { userId: { in: ids } } } };
    // Never gives way (the test's own event loop is busy), polls every 50 ms.
    const worker = startFaceWorker({ concurrency: 2, pollMs: 50, giveWay: { busy: 2, stepMs: 10, maxWaitMs: 0 } });
    let maxRunning = 0;
    const deadline = Date.now() + 200_000;
    while (Date.now() < deadline && (await db.faceCheckJob.count({ where: { ...ours, status: 'done' } })) < 4) {
      maxRunning = Math.max(maxRunning, await db.faceCheckJob.count({ where: { ...ours, status: 'running' } }));
      await new Promise((r) => setTimeout(r, 20));
    }
    await worker.stop();
    const jobs = await db.faceCheckJob.findMany({ where: ours });
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual(jobs.map(() => ['done', 1]));
    expect(maxRunning).toBe(2); // two claimed at once, never more
    expect(await db.attendance.count({ where: { userId: { in: ids }, faceCheckStatus: 'verified' } })).toBe(4);
  }, 240_000); // two engine threads start (about a second each on a quiet machine, far more on a busy one)
});

describe('review of flagged records', () => {
  it('admins and HR confirm or reject a flagged record once, with who and when', async () => {
    const { user, token } = await enrolledEmployee();
    expect((await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(B, A1.descriptor) })).status).toBe(200);
    await drainFaceJobs();
    const row = await db.attendance.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.faceCheckStatus).toBe('flagged');
    const { token: hr, user: hrUser } = await createUser({ role: 'hr' });
    const { token: admin } = await createUser({ role: 'admin' });
    expect((await call(reviewRoute, { token, params: { id: row.id }, body: { decision: 'confirmed' } })).status).toBe(403);
    expect((await call(reviewRoute, { token: hr, params: { id: row.id }, body: { decision: 'maybe' } })).status).toBe(400);
    const ok = await call(reviewRoute, {
      token: hr,
      params: { id: row.id },
      body: { decision: 'rejected', note: '  Bukan karyawan ini  ' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      id: row.id,
      reviewDecision: 'rejected',
      reviewNote: 'Bukan karyawan ini',
      reviewedBy: { id: hrUser.id },
    });
    const twice = await call(reviewRoute, { token: admin, params: { id: row.id }, body: { decision: 'confirmed' } });
    expect(twice.status).toBe(409);
    const stored = await db.attendance.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored).toMatchObject({ reviewDecision: 'rejected', reviewedById: hrUser.id });
    expect(stored.reviewedAt).toBeInstanceOf(Date);
  });

  it('only flagged records can be reviewed; an unknown id is 404', async () => {
    const { user, token } = await enrolledEmployee();
    // A punch without a registered device is flagged (docs/anti-fraud.md): this one must have no flag at all.
    await db.settings.update({ where: { id: 1 }, data: { devicePolicy: 'off' } });
    onTestFinished(() => db.settings.update({ where: { id: 1 }, data: { devicePolicy: 'flag' } }).then(() => undefined));
    expect((await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(A2) })).status).toBe(200);
    const row = await db.attendance.findFirstOrThrow({ where: { userId: user.id } });
    const { token: admin } = await createUser({ role: 'admin' });
    expect((await call(reviewRoute, { token: admin, params: { id: row.id }, body: { decision: 'confirmed' } })).status).toBe(409);
    expect(
      (await call(reviewRoute, { token: admin, params: { id: '00000000-0000-4000-8000-000000000000' }, body: { decision: 'confirmed' } }))
        .status,
    ).toBe(404);
  });
});

describe('retention', () => {
  it('deletes attendance photos older than photoRetentionDays and keeps the records and newer photos', async () => {
    const { user, token } = await enrolledEmployee();
    expect((await punchCall(checkInRoute, 'check-in', { token, body: attendanceBody(A1) })).status).toBe(200);
    const row = await db.attendance.findFirstOrThrow({ where: { userId: user.id }, include: { photos: true } });
    const old = new Date(Date.now() - 91 * 24 * 3600_000);
    await db.attendancePhoto.update({ where: { id: row.photos[0]!.id }, data: { createdAt: old } });
    const fresh = await db.attendancePhoto.create({
      data: {
        attendanceId: row.id,
        kind: 'check_out',
        mime: 'image/jpeg',
        size: 3,
        data: new Uint8Array([0xff, 0xd8, 0xff]),
        descriptor: [],
      },
    });
    const { deleted } = await deleteExpiredAttendancePhotos();
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await db.attendancePhoto.findUnique({ where: { id: row.photos[0]!.id } })).toBeNull();
    expect(await db.attendancePhoto.findUnique({ where: { id: fresh.id } })).not.toBeNull();
    expect(await db.attendance.findUnique({ where: { id: row.id } })).not.toBeNull();
    // Its queued job went with it.
    expect(await db.faceCheckJob.count({ where: { photoId: row.photos[0]!.id } })).toBe(0);
  });
});
