// Liveness at check-in/out (docs/face.md, "Liveness"): the frames the dialog sends are judged against
// the challenge's steps by policy. Real database, real route handlers; frames made by hand
// (tests/liveness-frames.ts: a face on a grid, yaw and eye aspect ratio set per frame).
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import jpeg from 'jpeg-js';
import { POST as challengeRoute } from '@/app/api/attendance/challenge/route';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { POST as checkOutRoute } from '@/app/api/attendance/check-out/route';
import { db } from '@/lib/server/db';
import { LIVENESS_REASONS, type LivenessStep } from '@/features/face/lib/liveness';
import { LIVENESS_FAILED } from '@/features/attendance/server/liveness';
import { call, configureMainOffice, createUser as createPlainUser, enrolFace } from '../helpers';
import { genuineFrames, stillFrames } from '../liveness-frames';

const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
const PHOTO = `data:image/jpeg;base64,${jpeg.encode({ data: Buffer.alloc(32 * 32 * 4, 0x80), width: 32, height: 32 }, 80).data.toString('base64')}`;
const DESCRIPTOR = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);
/** Another person: every number 0.1 further, 0.1 × √128 = 1.13 from DESCRIPTOR (> 0.5). */
const OTHER = DESCRIPTOR.map((v) => v + 0.1);

async function createUser() {
  const made = await createPlainUser();
  await enrolFace(made.user.id, DESCRIPTOR);
  return made;
}

/** At the office (0 m, ±10 m), the enrolled person's descriptor. */
const body = (over: Record<string, unknown> = {}) => ({
  ...OFFICE,
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
  return res.body as { id: string; steps: LivenessStep[] };
}

/** Frames 1 ms apart: the punch waits 30 ms after the challenge, as a capture would (a capture cannot last longer
 * than the challenge has existed; the longest answer here, still, 20 frames, spans 19 ms). */
const wait = () => new Promise((r) => setTimeout(r, 30));
const genuine = (steps: LivenessStep[]) => ({ liveness: { frames: genuineFrames(steps, DESCRIPTOR, steps, 1) } });
const still = () => ({ liveness: { frames: stillFrames(20, DESCRIPTOR).map((f, i) => ({ ...f, t: i })) } });

const flagsOf = async (userId: string) =>
  (await db.attendanceFlag.findMany({ where: { attendance: { userId } }, orderBy: [{ phase: 'asc' }, { reason: 'asc' }] })).map((f) => ({
    phase: f.phase,
    reason: f.reason,
    detail: f.detail,
  }));

async function setPolicy(livenessPolicy: 'off' | 'flag' | 'required') {
  await db.settings.update({ where: { id: 1 }, data: { livenessPolicy } });
  onTestFinished(() => db.settings.update({ where: { id: 1 }, data: { livenessPolicy: 'flag' } }).then(() => undefined));
}

beforeAll(async () => {
  await configureMainOffice({ ...OFFICE, radius: 100, timezone: 'Asia/Jakarta' });
  // Only liveness is judged here: punches come from no registered device (tests/integration/anti-fraud.test.ts covers that).
  await db.settings.update({ where: { id: 1 }, data: { devicePolicy: 'off' } });
});

describe('policy flag (the default)', () => {
  it('a genuine answer passes without a flag, at check-in and at check-out', async () => {
    const { token, user } = await createUser();
    expect((await db.settings.findUniqueOrThrow({ where: { id: 1 } })).livenessPolicy).toBe('flag');
    const c = await challenge(token, 'check-in');
    expect(c.steps).toHaveLength(2);
    await wait();
    expect((await call(checkInRoute, { token, body: body({ challengeId: c.id, ...genuine(c.steps) }) })).status).toBe(200);
    const o = await challenge(token, 'check-out');
    await wait();
    expect((await call(checkOutRoute, { token, body: body({ challengeId: o.id, ...genuine(o.steps) }) })).status).toBe(200);
    expect(await flagsOf(user.id)).toEqual([]);
  });

  it('a still photo is recorded and flagged "liveness" (the movements were not seen)', async () => {
    const { token, user } = await createUser();
    const c = await challenge(token, 'check-in');
    await wait();
    const res = await call(checkInRoute, { token, body: body({ challengeId: c.id, ...still() }) });
    expect(res.status).toBe(200);
    expect(await flagsOf(user.id)).toEqual([
      { phase: 'check_in', reason: 'liveness', detail: { check: 'steps', text: LIVENESS_REASONS.steps } },
    ]);
  });

  it('no frames at all, the moves in the wrong order, or another face in the frames: each flagged with its reason', async () => {
    const cases: [string, (steps: LivenessStep[]) => Record<string, unknown>][] = [
      ['frames', () => ({})],
      ['steps', (steps) => ({ liveness: { frames: genuineFrames(steps, DESCRIPTOR, [...steps].reverse(), 1) } })],
      ['mismatch', (steps) => ({ liveness: { frames: genuineFrames(steps, OTHER, steps, 1) } })],
    ];
    for (const [check, extra] of cases) {
      const { token, user } = await createUser();
      const c = await challenge(token, 'check-in');
      await wait();
      expect((await call(checkInRoute, { token, body: body({ challengeId: c.id, ...extra(c.steps) }) })).status).toBe(200);
      expect(await flagsOf(user.id)).toEqual([
        { phase: 'check_in', reason: 'liveness', detail: { check, text: LIVENESS_REASONS[check as keyof typeof LIVENESS_REASONS] } },
      ]);
    }
  });

  it('a capture longer than the challenge has existed is flagged "timing"', async () => {
    const { token, user } = await createUser();
    const c = await challenge(token, 'check-in');
    // Frames 200 ms apart: 13 frames span 2.4 s, but the check-in comes at once (a few ms after the challenge).
    const res = await call(checkInRoute, {
      token,
      body: body({ challengeId: c.id, liveness: { frames: genuineFrames(c.steps, DESCRIPTOR) } }),
    });
    expect(res.status).toBe(200);
    expect((await flagsOf(user.id)).map((f) => f.detail)).toEqual([{ check: 'timing', text: LIVENESS_REASONS.timing }]);
  });
});

describe('policy required', () => {
  it('a still photo is refused (422) and nothing is stored; a genuine answer passes', async () => {
    await setPolicy('required');
    const { token, user } = await createUser();
    const c = await challenge(token, 'check-in');
    await wait();
    const refused = await call(checkInRoute, { token, body: body({ challengeId: c.id, ...still() }) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'LIVENESS_FAILED', error: LIVENESS_FAILED });
    expect(await db.attendance.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.attendancePhoto.count({ where: { attendance: { userId: user.id } } })).toBe(0);
    // Nothing written: not even the challenge was used.
    expect((await db.attendanceChallenge.findUniqueOrThrow({ where: { id: c.id } })).usedAt).toBeNull();
    const again = await challenge(token, 'check-in');
    await wait();
    expect((await call(checkInRoute, { token, body: body({ challengeId: again.id, ...genuine(again.steps) }) })).status).toBe(200);
    expect(await flagsOf(user.id)).toEqual([]);
  });

  it('a check-out without the movements is refused and the record stays open', async () => {
    const { token, user } = await createUser();
    const c = await challenge(token, 'check-in');
    await wait();
    expect((await call(checkInRoute, { token, body: body({ challengeId: c.id, ...genuine(c.steps) }) })).status).toBe(200);
    await setPolicy('required');
    const o = await challenge(token, 'check-out');
    const refused = await call(checkOutRoute, { token, body: body({ challengeId: o.id }) });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('LIVENESS_FAILED');
    expect((await db.attendance.findFirstOrThrow({ where: { userId: user.id } })).checkOutAt).toBeNull();
  });
});

describe('policy off', () => {
  it('the challenge asks for no movement and nothing is judged', async () => {
    await setPolicy('off');
    const { token, user } = await createUser();
    const c = await challenge(token, 'check-in');
    expect(c.steps).toEqual([]);
    expect((await call(checkInRoute, { token, body: body({ challengeId: c.id }) })).status).toBe(200);
    expect(await flagsOf(user.id)).toEqual([]);
  });
});

describe('the liveness field', () => {
  it.each([
    [{ frames: [] }, 'Data gerakan wajah tidak valid'],
    [{ frames: [{ t: 0, p: [1, 2, 3] }] }, 'Data gerakan wajah tidak valid'],
    [{ frames: Array.from({ length: 49 }, (_, i) => ({ t: i, p: Array(32).fill(0) })) }, 'Data gerakan wajah terlalu banyak'],
    ['bingkai', 'Data gerakan wajah tidak valid'],
  ])('malformed → 400, nothing stored (%#)', async (liveness, message) => {
    const { token, user } = await createUser();
    const c = await challenge(token, 'check-in');
    const res = await call(checkInRoute, { token, body: body({ challengeId: c.id, liveness }) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await db.attendance.count({ where: { userId: user.id } })).toBe(0);
  });
});
