import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  BLINK_CLOSED,
  checkLiveness,
  ear,
  encodePoints,
  facesCamera,
  MAX_FRAMES,
  pointsOf,
  thinFrames,
  track,
  yaw,
  YAW_TURN,
  type LivenessFrame,
  type LivenessStep,
} from '@/features/face/lib/liveness';
import { face, genuineFrames, stillFrames } from '@/tests/liveness-frames';

const fixtures = JSON.parse(readFileSync('tests/fixtures/faces/descriptors.json', 'utf8')) as Record<string, number[]>;
const A1 = fixtures['person-a-1.jpg']!;
const A2 = fixtures['person-a-2.jpg']!;
const B = fixtures['person-b-1.jpg']!;
const THRESHOLD = 0.5;

const judge = (steps: LivenessStep[], frames: LivenessFrame[], over: Partial<Parameters<typeof checkLiveness>[0]> = {}) =>
  checkLiveness({ steps, frames, elapsedMs: 30_000, reference: A1, photoDescriptor: A2, threshold: THRESHOLD, ...over });

describe('landmark geometry', () => {
  it('yaw: the nose tip between the jaw ends, positive when the person turns to their own left', () => {
    // Jaw ends at x = 100 and 200: middle 150, half-width 50. Nose at 150 → 0; at 175 → 25/50 = 0.5.
    expect(yaw(pointsOf(face(0)))).toBeCloseTo(0, 6);
    expect(yaw(pointsOf(face(0, { yaw: 0.5 })))).toBeCloseTo(0.5, 6);
    // The camera's picture is not mirrored: the person's left is the image's right, where the nose goes
    // when they turn left (toleh kiri), so yaw > 0; a turn to the right (toleh kanan) gives yaw < 0.
    expect(yaw(pointsOf(face(0, { yaw: -0.4 })))).toBeCloseTo(-0.4, 6);
    // A photo slid 60 px sideways: nose and jaw move together, yaw stays 0.
    expect(yaw(pointsOf(face(0, { dx: 60 })))).toBeCloseTo(0, 6);
    // Rolled by 20° (a tilted head or photo): measured along the eye line, yaw 0.5 stays 0.5.
    const c = Math.cos(Math.PI / 9);
    const s = Math.sin(Math.PI / 9);
    const rolled = pointsOf(face(0, { yaw: 0.5 })).map((q) => ({
      x: 150 + c * (q.x - 150) - s * (q.y - 150),
      y: 150 + s * (q.x - 150) + c * (q.y - 150),
    }));
    expect(yaw(rolled)).toBeCloseTo(0.5, 6);
  });

  it('EAR: eye height over width, both eyes averaged', () => {
    // Lids 3 px above and below a 20 px wide eye: (6 + 6) / (2·20) = 0.30; half-closed lids at 1.2 px: 0.12.
    expect(ear(pointsOf(face(0)))).toBeCloseTo(0.3, 6);
    expect(ear(pointsOf(face(0, { ear: 0.12 })))).toBeCloseTo(0.12, 6);
  });

  it('encodes face-api 68 landmarks as the 16 points × 2 integers (pixels × 10)', () => {
    const l68 = Array.from({ length: 68 }, (_, i) => ({ x: i + 0.26, y: 2 * i }));
    const p = encodePoints(l68);
    expect(p).toHaveLength(32);
    // Point 0 → (0.26, 0) → (3, 0); point 16 → (16.26, 32) → (163, 320); point 30 (4th) → (303, 600).
    expect(p.slice(0, 4)).toEqual([3, 0, 163, 320]);
    expect(p.slice(6, 8)).toEqual([303, 600]);
    expect(() => encodePoints(l68.slice(0, 40))).toThrow();
  });
});

describe('track: the steps in the challenge order', () => {
  it('a turn to the left answers toleh_kiri, not toleh_kanan', () => {
    const frames = [face(0), face(200), face(400), face(600, { yaw: 0.45 }), face(800)];
    expect(track(['toleh_kiri'], frames)).toMatchObject({ done: 1, events: [3], complete: true });
    expect(track(['toleh_kanan'], frames)).toMatchObject({ done: 0, complete: false });
  });

  it('a turn below YAW_TURN (0.2) answers nothing; yaw is judged against the first frames', () => {
    expect(YAW_TURN).toBe(0.2);
    expect(track(['toleh_kiri'], [face(0), face(200), face(400), face(600, { yaw: 0.18 }), face(800)]).done).toBe(0);
    // A face that measures yaw 0.4 facing the camera (an off-centre camera): the same turn is +0.45 from there.
    const off = [
      face(0, { yaw: 0.4 }),
      face(200, { yaw: 0.4 }),
      face(400, { yaw: 0.4 }),
      face(600, { yaw: 0.85 }),
      face(800, { yaw: 0.4 }),
    ];
    expect(track(['toleh_kiri'], off)).toMatchObject({ done: 1, complete: true });
  });

  it('a blink: EAR 0.30 → 0.12 (≤ 0.72 × 0.30 = 0.216) → 0.30 (≥ 0.88 × 0.30 = 0.264)', () => {
    const frames = [face(0), face(200), face(400, { ear: 0.12 }), face(600)];
    expect(track(['kedip'], frames)).toMatchObject({ done: 1, events: [3], complete: true });
    // Closing only to 0.23 (> 0.216) is no blink; closing without opening again is no blink either.
    expect(track(['kedip'], [face(0), face(200), face(400, { ear: 0.23 }), face(600)]).done).toBe(0);
    expect(track(['kedip'], [face(0), face(200), face(400, { ear: 0.12 }), face(600, { ear: 0.12 })]).done).toBe(0);
    // Reopening to 0.25 (< 0.264) does not finish it either.
    expect(track(['kedip'], [face(0), face(200), face(400, { ear: 0.12 }), face(600, { ear: 0.25 })]).done).toBe(0);
    expect(BLINK_CLOSED).toBe(0.72);
  });

  it('the right moves in the wrong order answer only the first step that comes in order', () => {
    const frames = genuineFrames(['toleh_kiri', 'toleh_kanan'], A1);
    expect(track(['toleh_kiri', 'toleh_kanan'], frames).complete).toBe(true);
    // Asked kanan then kiri, done kiri then kanan: kiri is ignored, kanan answers step 1, no kiri after it.
    expect(track(['toleh_kanan', 'toleh_kiri'], frames)).toMatchObject({ done: 1, complete: false });
  });

  it('each step starts facing the camera: turning straight from left to right answers only the first', () => {
    const frames = [face(0), face(200), face(400), face(600, { yaw: 0.45 }), face(800, { yaw: -0.45 }), face(1000)];
    expect(track(['toleh_kiri', 'toleh_kanan'], frames)).toMatchObject({ done: 1, complete: false });
  });

  it('a still sequence answers nothing', () => {
    expect(track(['kedip', 'toleh_kiri'], stillFrames(20, A1))).toMatchObject({ done: 0, complete: false });
  });

  it('complete needs the last frame to face the camera again (it is the photo)', () => {
    const frames = [face(0), face(200), face(400), face(600, { yaw: 0.45 })];
    expect(track(['toleh_kiri'], frames)).toMatchObject({ done: 1, complete: false });
  });

  it('facesCamera: within 0.15 of the start', () => {
    const frames = [face(0), face(200), face(400)];
    expect(facesCamera(frames, face(600, { yaw: 0.1 }))).toBe(true);
    expect(facesCamera(frames, face(600, { yaw: 0.2 }))).toBe(false);
  });
});

describe('checkLiveness: the server re-check', () => {
  const ALL: [LivenessStep, LivenessStep][] = [
    ['kedip', 'toleh_kiri'],
    ['kedip', 'toleh_kanan'],
    ['toleh_kiri', 'kedip'],
    ['toleh_kanan', 'kedip'],
    ['toleh_kiri', 'toleh_kanan'],
    ['toleh_kanan', 'toleh_kiri'],
  ];

  it.each(ALL)('a genuine answer to %s then %s passes', (a, b) => {
    expect(judge([a, b], genuineFrames([a, b], A1))).toEqual({ ok: true });
  });

  it.each(ALL)('the moves of %s, %s done in the other order fail', (a, b) => {
    expect(judge([a, b], genuineFrames([a, b], A1, [b, a]))).toEqual({ ok: false, reason: 'steps' });
  });

  it('a still photo fails (20 frames over 3.8 s, descriptors of the right person)', () => {
    expect(judge(['kedip', 'toleh_kiri'], stillFrames(20, A1))).toEqual({ ok: false, reason: 'steps' });
  });

  it('a gap of more than 2.5 s between two frames fails', () => {
    const frames = genuineFrames(['toleh_kiri', 'kedip'], A1).map((f, i) => (i >= 6 ? { ...f, t: f.t + 2400 } : f));
    // Frames 5 and 6 are 200 + 2400 = 2600 ms apart.
    expect(judge(['toleh_kiri', 'kedip'], frames)).toEqual({ ok: false, reason: 'gap' });
    // 2300 ms more instead: a gap of exactly 2500 ms is still one capture.
    const ok = genuineFrames(['toleh_kiri', 'kedip'], A1).map((f, i) => (i >= 6 ? { ...f, t: f.t + 2300 } : f));
    expect(judge(['toleh_kiri', 'kedip'], ok)).toEqual({ ok: true });
  });

  it('times must start at 0 and grow', () => {
    const frames = genuineFrames(['kedip', 'toleh_kanan'], A1);
    expect(
      judge(
        ['kedip', 'toleh_kanan'],
        frames.map((f) => ({ ...f, t: f.t + 100 })),
      ),
    ).toEqual({ ok: false, reason: 'timing' });
    const twice = frames.map((f, i) => (i === 4 ? { ...f, t: frames[3]!.t } : f));
    expect(judge(['kedip', 'toleh_kanan'], twice)).toEqual({ ok: false, reason: 'gap' });
  });

  it('a capture longer than the challenge lived (server time between challenge and check-in) fails', () => {
    const frames = genuineFrames(['kedip', 'toleh_kanan'], A1); // 3 + (3 + 2) + (3 + 2) = 13 frames: 0 … 2400 ms
    expect(frames[frames.length - 1]!.t).toBe(2400);
    expect(judge(['kedip', 'toleh_kanan'], frames, { elapsedMs: 2399 })).toEqual({ ok: false, reason: 'timing' });
    expect(judge(['kedip', 'toleh_kanan'], frames, { elapsedMs: 2400 })).toEqual({ ok: true });
  });

  it('a face jumping between two frames (another picture swapped in) fails', () => {
    const frames = genuineFrames(['toleh_kiri', 'kedip'], A1);
    // Eye centres 50 px apart; the face moved 110 px sideways from one frame to the next: 110 > 2 × 50.
    const shift = (f: LivenessFrame, dx: number) => ({ ...f, p: f.p.map((v, k) => (k % 2 === 0 ? v + dx * 10 : v)) });
    const jumped = frames.map((f, i) => (i >= 7 ? shift(f, 110) : f));
    expect(judge(['toleh_kiri', 'kedip'], jumped)).toEqual({ ok: false, reason: 'jump' });
    // 90 px (< 100): a head turn can move the eyes that far between two sent frames.
    const moved = frames.map((f, i) => (i >= 7 ? shift(f, 90) : f));
    expect(judge(['toleh_kiri', 'kedip'], moved)).toEqual({ ok: true });
    expect(judge(['toleh_kiri', 'kedip'], jumped)).toEqual({ ok: false, reason: 'jump' });
  });

  it('descriptors: the first frame and one before each step, each the enrolled person', () => {
    const frames = genuineFrames(['toleh_kiri', 'kedip'], A1);
    const noFirst = frames.map((f, i) => (i === 0 ? { t: f.t, p: f.p } : f));
    expect(judge(['toleh_kiri', 'kedip'], noFirst)).toEqual({ ok: false, reason: 'descriptor' });
    const noSecond = frames.map((f, i) => (i > 0 ? { t: f.t, p: f.p } : f));
    expect(judge(['toleh_kiri', 'kedip'], noSecond)).toEqual({ ok: false, reason: 'descriptor' });
    // Person B's descriptor on the frame before the blink: A~B ≈ 0.64 > 0.5.
    const swapped = genuineFrames(['toleh_kiri', 'kedip'], A1).map((f, i) => (i > 0 && f.d ? { ...f, d: B } : f));
    expect(judge(['toleh_kiri', 'kedip'], swapped)).toEqual({ ok: false, reason: 'mismatch' });
    expect(judge(['toleh_kiri', 'kedip'], frames, { photoDescriptor: B })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('frames: at least 2, at most 48, 32 numbers each', () => {
    expect(judge(['kedip', 'toleh_kiri'], [face(0, { d: A1 })])).toEqual({ ok: false, reason: 'frames' });
    const many = Array.from({ length: MAX_FRAMES + 1 }, (_, i) => face(i * 100));
    expect(judge(['kedip', 'toleh_kiri'], many)).toEqual({ ok: false, reason: 'frames' });
    const frames = genuineFrames(['kedip', 'toleh_kiri'], A1);
    expect(
      judge(
        ['kedip', 'toleh_kiri'],
        frames.map((f, i) => (i === 2 ? { ...f, p: f.p.slice(2) } : f)),
      ),
    ).toEqual({ ok: false, reason: 'frames' });
  });
});

describe('thinFrames: what the browser sends', () => {
  it('keeps the evidence and drops frames in between while gaps stay under 0.9 s', () => {
    // A slow answer: 10 frames facing the camera every 150 ms, a turn, 10 more, a blink, 4 more.
    const poses = [
      ...Array(10).fill({}),
      { yaw: 0.2 },
      { yaw: 0.45 },
      { yaw: 0.2 },
      ...Array(10).fill({}),
      { ear: 0.12 },
      ...Array(4).fill({}),
    ];
    const frames = poses.map((p, i) => face(i * 150, i === 0 || i === 13 ? { ...p, d: A1 } : p));
    const thin = thinFrames(['toleh_kiri', 'kedip'], frames);
    expect(thin.length).toBeLessThan(frames.length);
    expect(thin[0]).toBe(frames[0]);
    expect(thin[thin.length - 1]).toBe(frames[frames.length - 1]);
    expect(thin.filter((f) => f.d)).toHaveLength(2);
    expect(judge(['toleh_kiri', 'kedip'], thin)).toEqual({ ok: true });
    for (let i = 1; i < thin.length; i++) expect(thin[i]!.t - thin[i - 1]!.t).toBeLessThanOrEqual(900);
  });
});
