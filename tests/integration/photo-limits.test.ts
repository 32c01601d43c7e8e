// Face photos larger than the camera dialog's 640×480 frame are refused from their JPEG header, before
// the face engine or the database sees them (a 62 KB file can declare 4000×4000 pixels: seconds of
// engine time and hundreds of MB each). Enrolment attempts that reach the engine are rate-limited.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as enrolRoute } from '@/app/api/face/enrol/route';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { db } from '@/lib/server/db';
import { ENROL_RATE_LIMIT } from '@/features/face/server/face-enrolment';
import { PHOTO_DIMENSIONS_MESSAGE } from '@/features/face/server/engine/jpeg-header';
import { call, configureMainOffice, createUser, enrolFace, faceFixture, punchCall } from '../helpers';
import { withDeclaredSize } from '../jpeg';

// Ten enrolments reach the face engine (three detections each): over a minute on two busy cores.
vi.setConfig({ testTimeout: 300_000 });

type Fixture = Awaited<ReturnType<typeof faceFixture>>;
let A1: Fixture, A2: Fixture, A3: Fixture;
const INSIDE = { latitude: -6.175122, longitude: 106.827153 };
const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;

beforeAll(async () => {
  [A1, A2, A3] = (await Promise.all(['person-a-1.jpg', 'person-a-2.jpg', 'person-a-3.jpg'].map(faceFixture))) as [
    Fixture,
    Fixture,
    Fixture,
  ];
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100 });
});

describe('photo dimensions', () => {
  it('enrolment: a real photo whose header declares 4000×4000 is refused at once, nothing stored', async () => {
    const { user, token } = await createUser();
    const huge = dataUrl(withDeclaredSize(A1.image, 4000, 4000));
    const res = await call(enrolRoute, {
      token,
      body: { captures: [A1, A2, A3].map((f, i) => ({ image: i === 1 ? huge : f.dataUrl, descriptor: f.descriptor })) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'PHOTO_DIMENSIONS', error: PHOTO_DIMENSIONS_MESSAGE });
    // The face engine (started on first use, features/face/server/engine/engine.ts) was never even started.
    expect((globalThis as { __absensiFaceEngine?: unknown }).__absensiFaceEngine).toBeUndefined();
    expect(await db.faceProfile.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.rateLimitHit.count({ where: { key: user.id } })).toBe(0);
  });

  it('check-in: 641×480 and 480×641 are refused, nothing recorded; 640×480 passes the check', async () => {
    const { user, token } = await createUser();
    await enrolFace(user.id, A1.descriptor);
    const body = (image: Buffer) => ({
      ...INSIDE,
      accuracy: 10,
      timestamp: new Date().toISOString(),
      faceImage: dataUrl(image),
      faceDescriptor: A1.descriptor,
      verificationMethod: 'face',
    });
    for (const [w, h] of [
      [641, 480],
      [480, 641],
      [4000, 4000],
      [640, 481],
    ] as const) {
      const res = await punchCall(checkInRoute, 'check-in', { token, body: body(withDeclaredSize(A1.image, w, h)) });
      expect([w, h, res.status, res.body.code]).toEqual([w, h, 400, 'PHOTO_DIMENSIONS']);
    }
    expect(await db.attendance.count({ where: { userId: user.id } })).toBe(0);
    // The fixture itself (400×400) is within the frame and goes on.
    const ok = await punchCall(checkInRoute, 'check-in', { token, body: body(A1.image) });
    expect(ok.status).toBe(200);
  });
});

describe('enrolment rate limit', () => {
  it(`${ENROL_RATE_LIMIT.limit} attempts per person an hour reach the face engine, then 429 and nothing stored`, async () => {
    const { user, token } = await createUser();
    await db.rateLimitHit.createMany({
      data: Array.from({ length: ENROL_RATE_LIMIT.limit }, () => ({ bucket: ENROL_RATE_LIMIT.bucket, key: user.id })),
    });
    const captures = { captures: [A1, A2, A3].map((f) => ({ image: f.dataUrl, descriptor: f.descriptor })) };
    const res = await call(enrolRoute, { token, body: captures });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'RATE_LIMITED', error: ENROL_RATE_LIMIT.message });
    expect(await db.faceProfile.count({ where: { userId: user.id } })).toBe(0);
    // Another person is not limited by this one; an hour later this one may try again.
    const other = await createUser();
    expect((await call(enrolRoute, { token: other.token, body: captures })).status).toBe(201);
    await db.$executeRaw`UPDATE "RateLimitHit" SET "createdAt" = "createdAt" - interval '61 minutes' WHERE key = ${user.id}`;
    expect((await call(enrolRoute, { token, body: captures })).status).toBe(201);
  });
});
