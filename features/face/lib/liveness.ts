// Liveness: did a moving face answer the challenge's movements (docs/face.md, "Liveness")?
// Pure and shared: the face dialog runs `track` on every frame to guide the employee, the server runs
// `checkLiveness` on the frames the check-in carries. No DOM, no Node, no face engine here.
//
// A frame is a few of face-api's 68 landmarks (LIVENESS_POINTS) in the capture's pixels. From them:
// - yaw: where the nose tip lies between the two ends of the jaw line, -1..1. A head turned towards
//   the person's own left moves the nose towards the image's right (the camera's picture is not
//   mirrored): yaw > 0. A flat photo tilted or slid in front of the camera moves nose and jaw
//   together, so its yaw stays where it was.
// - EAR, the eye aspect ratio (Soukupová & Čech 2016): the eye's height over its width, both eyes
//   averaged. A blink drops it and brings it back.

export const LIVENESS_STEPS = ['kedip', 'toleh_kiri', 'toleh_kanan'] as const;
export type LivenessStep = (typeof LIVENESS_STEPS)[number];

/** What the dialog asks for each step. */
export const STEP_TEXT: Record<LivenessStep, string> = {
  kedip: 'Kedipkan mata Anda',
  toleh_kiri: 'Tolehkan kepala ke kiri',
  toleh_kanan: 'Tolehkan kepala ke kanan',
};

/** face-api 68-point indices sent per frame: jaw ends, nose bridge and tip, both eyes (6 points each). */
export const LIVENESS_POINTS = [0, 16, 27, 30, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47] as const;
const JAW_RIGHT = 0; // index into LIVENESS_POINTS: point 0, the person's right side (image left)
const JAW_LEFT = 1; // point 16
const NOSE_TIP = 3; // point 30
const EYE_A = 4; // points 36..41
const EYE_B = 10; // points 42..47
/** Coordinates travel as integers: pixels × 10. */
export const COORD_SCALE = 10;
export const FRAME_NUMBERS = LIVENESS_POINTS.length * 2;

/**
 * Yaw is judged against the capture's start (the median of its first START_FRAMES frames): faces and
 * cameras differ, and a face looking straight at the camera measures anywhere from -0.7 to 0.8 with the
 * tiny landmark net (bench/liveness.ts). Within YAW_NEUTRAL of the start: facing the camera; YAW_TURN or
 * more away from it: turned.
 */
export const START_FRAMES = 3;
export const YAW_NEUTRAL = 0.15;
export const YAW_TURN = 0.2;
/** A blink: EAR at most this share of the open eyes' EAR, then back to at least BLINK_REOPEN of it. */
export const BLINK_CLOSED = 0.72;
export const BLINK_REOPEN = 0.88;
/** Open-eye EARs remembered for the baseline (the median of the last few neutral frames). */
const BASELINE_FRAMES = 5;

/**
 * At most this long between two frames: one continuous capture. A slow phone takes up to about a second
 * for a detection plus a descriptor on WebAssembly (docs/face.md), so the margin is wide.
 */
export const MAX_GAP_MS = 2500;
/** The capture fits in the challenge's life (60 s). */
export const MAX_SPAN_MS = 60_000;
export const MAX_FRAMES = 48;
/**
 * Consecutive frames: the eyes' distance changes by less than this factor, the face moves less than this
 * many eye distances. Wide enough for a whole head turn between two sent frames (the eyes' middle moves
 * about one eye distance at 40°, and their distance shrinks by cos 40° = 0.77); a picture swapped in
 * elsewhere in the frame, or at another size, is caught.
 */
const MAX_SCALE_JUMP = 1.6;
const MAX_MOVE_JUMP = 2;

export type Point = { x: number; y: number };
/** One frame as sent: t = ms since the first frame, p = LIVENESS_POINTS as x,y pairs × COORD_SCALE, d = descriptor on a few frames. */
export type LivenessFrame = { t: number; p: number[]; d?: number[] };

export function pointsOf(frame: Pick<LivenessFrame, 'p'>): Point[] {
  const out: Point[] = [];
  for (let i = 0; i + 1 < frame.p.length; i += 2) out.push({ x: frame.p[i]! / COORD_SCALE, y: frame.p[i + 1]! / COORD_SCALE });
  return out;
}

/** The wire numbers of 68 landmarks (face-api's order). */
export function encodePoints(landmarks68: readonly Point[]): number[] {
  const out: number[] = [];
  for (const i of LIVENESS_POINTS) {
    const q = landmarks68[i];
    if (!q) throw new Error('68 landmarks expected');
    out.push(Math.round(q.x * COORD_SCALE), Math.round(q.y * COORD_SCALE));
  }
  return out;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Yaw in -1..1 (0 facing the camera; > 0 turned to the person's left). Measured along the line through
 * the eyes, so a tilted head or a rolled photo does not read as a turn.
 */
export function yaw(points: readonly Point[]): number {
  const a = eyeCentre(points, EYE_A);
  const b = eyeCentre(points, EYE_B);
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (!(len > 0)) return Number.NaN;
  const along = (q: Point) => (q.x * (b.x - a.x) + q.y * (b.y - a.y)) / len;
  const r = along(points[JAW_RIGHT]!);
  const l = along(points[JAW_LEFT]!);
  const half = (l - r) / 2;
  if (!(half > 0)) return Number.NaN;
  return (along(points[NOSE_TIP]!) - (l + r) / 2) / half;
}

/** One eye's aspect ratio from its six points p1..p6: (|p2−p6| + |p3−p5|) / (2 |p1−p4|). */
function eyeRatio(points: readonly Point[], at: number): number {
  const [p1, p2, p3, p4, p5, p6] = points.slice(at, at + 6) as [Point, Point, Point, Point, Point, Point];
  const width = dist(p1, p4);
  return width > 0 ? (dist(p2, p6) + dist(p3, p5)) / (2 * width) : Number.NaN;
}

/** The mean of both eyes' aspect ratios. */
export function ear(points: readonly Point[]): number {
  return (eyeRatio(points, EYE_A) + eyeRatio(points, EYE_B)) / 2;
}

function eyeCentre(points: readonly Point[], at: number): Point {
  let x = 0;
  let y = 0;
  for (let i = at; i < at + 6; i++) {
    x += points[i]!.x / 6;
    y += points[i]!.y / 6;
  }
  return { x, y };
}

const median = (xs: number[]) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The capture's starting yaw: the median of its first START_FRAMES frames. */
export function startYaw(frames: readonly Pick<LivenessFrame, 'p'>[]): number {
  return median(
    frames
      .slice(0, START_FRAMES)
      .map((f) => yaw(pointsOf(f)))
      .filter(Number.isFinite),
  );
}

/** Does this frame face the camera as the capture's start did? */
export function facesCamera(frames: readonly Pick<LivenessFrame, 'p'>[], frame: Pick<LivenessFrame, 'p'>): boolean {
  return Math.abs(yaw(pointsOf(frame)) - startYaw(frames)) < YAW_NEUTRAL;
}

/** Where the answer stands after some frames. */
export type Progress = {
  /** Steps answered, in the challenge's order. */
  done: number;
  /** Index of the frame that completed each answered step. */
  events: number[];
  /** The next step waits for the face to look straight at the camera first. */
  needsNeutral: boolean;
  /** Every step answered and the last frame faces the camera. */
  complete: boolean;
};

/**
 * Walks the frames through the steps in order. Each step starts from a frame facing the camera
 * (yaw within YAW_NEUTRAL of the start's); a turn step ends at the first frame turned at least YAW_TURN the asked way;
 * a blink step ends when, facing the camera, the EAR fell to BLINK_CLOSED of the open-eye baseline
 * and came back to BLINK_REOPEN of it. A movement of another step, or the wrong way, answers nothing.
 */
export function track(steps: readonly LivenessStep[], frames: readonly Pick<LivenessFrame, 'p'>[]): Progress {
  const events: number[] = [];
  let armed = false;
  let opens: number[] = [];
  let closed = false;
  let lastNeutral = false;
  const start = startYaw(frames);
  for (let i = 0; i < frames.length; i++) {
    const pts = pointsOf(frames[i]!);
    const y = yaw(pts) - start;
    const e = ear(pts);
    const neutral = Math.abs(y) < YAW_NEUTRAL;
    lastNeutral = neutral;
    const step = steps[events.length];
    if (!step) continue;
    if (!armed) {
      if (neutral && Number.isFinite(e)) {
        armed = true;
        opens = [e];
        closed = false;
      }
      continue;
    }
    let answered = false;
    if (step === 'toleh_kiri') answered = y >= YAW_TURN;
    else if (step === 'toleh_kanan') answered = y <= -YAW_TURN;
    else if (neutral && Number.isFinite(e)) {
      const base = median(opens);
      if (!closed && e <= BLINK_CLOSED * base) closed = true;
      else if (closed && e >= BLINK_REOPEN * base) answered = true;
      else if (!closed) opens = [...opens, e].slice(-BASELINE_FRAMES);
    }
    if (answered) {
      events.push(i);
      armed = false;
    }
  }
  const done = events.length;
  return { done, events, needsNeutral: done < steps.length && !armed, complete: done === steps.length && steps.length > 0 && lastNeutral };
}

/** Frames kept at most this far apart when a capture is thinned out before it is sent. */
const THIN_GAP_MS = 900;

/**
 * The frames worth sending: the first and the last, every frame with a descriptor, every frame that
 * answered a step, every frame of a blink step (a blink is short), and enough others to keep gaps under
 * THIN_GAP_MS. All frames when the thinned capture would no longer answer the steps the same way.
 * The times stay those of the capture.
 */
export function thinFrames(steps: readonly LivenessStep[], frames: readonly LivenessFrame[]): LivenessFrame[] {
  const full = track(steps, frames);
  const must = new Set<number>([0, frames.length - 1, ...full.events]);
  frames.forEach((f, i) => f.d && must.add(i));
  let from = 0;
  for (const [k, event] of full.events.entries()) {
    if (steps[k] === 'kedip') for (let i = from; i <= event; i++) must.add(i);
    from = event;
  }
  for (let i = 0; i < START_FRAMES && i < frames.length; i++) must.add(i);
  const kept: LivenessFrame[] = [];
  for (let i = 0; i < frames.length; i++) {
    const next = frames[i + 1];
    const last = kept[kept.length - 1];
    if (must.has(i) || !last || (next && next.t - last.t > THIN_GAP_MS)) kept.push(frames[i]!);
  }
  const thin = track(steps, kept);
  return thin.complete === full.complete && thin.done === full.done ? kept : [...frames];
}

export type LivenessFailure = 'frames' | 'timing' | 'gap' | 'jump' | 'steps' | 'descriptor' | 'mismatch';

/** Why a capture did not prove liveness, for the review queue. */
export const LIVENESS_REASONS: Record<LivenessFailure, string> = {
  frames: 'data gerakan wajah tidak ada atau tidak lengkap',
  timing: 'rekaman gerakan lebih lama dari umur tantangan',
  gap: 'rekaman gerakan terputus',
  jump: 'wajah berpindah tiba-tiba di tengah rekaman',
  steps: 'gerakan yang diminta tidak terlihat',
  descriptor: 'wajah tidak diperiksa pada setiap langkah',
  mismatch: 'wajah pada rekaman gerakan tidak cocok dengan wajah terdaftar',
};

export type LivenessVerdict = { ok: true } | { ok: false; reason: LivenessFailure };

const distance = (a: readonly number[], b: readonly number[]) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return Math.sqrt(s);
};

/**
 * The server's re-check of a capture answering `steps`:
 * - frames: 2..MAX_FRAMES, each with FRAME_NUMBERS numbers; the last one is the check-in photo's frame;
 * - timing: t starts at 0 and grows, every gap ≤ MAX_GAP_MS, the whole capture no longer than the time
 *   the server saw between issuing the challenge and receiving the check-in (`elapsedMs`) nor MAX_SPAN_MS;
 * - continuity: between two frames the face neither jumps in size nor in place;
 * - steps: `track` answers every step in order and the last frame faces the camera;
 * - identity: the first frame, and a frame before each step's movement, carry a descriptor; each of
 *   them (and the photo's, `photoDescriptor`) lies within `threshold` of the enrolled `reference`.
 */
export function checkLiveness(input: {
  steps: readonly LivenessStep[];
  frames: readonly LivenessFrame[];
  elapsedMs: number;
  reference: readonly number[];
  photoDescriptor: readonly number[];
  threshold: number;
}): LivenessVerdict {
  const { steps, frames, reference, threshold } = input;
  const fail = (reason: LivenessFailure): LivenessVerdict => ({ ok: false, reason });
  if (frames.length < 2 || frames.length > MAX_FRAMES || frames.some((f) => f.p.length !== FRAME_NUMBERS)) return fail('frames');
  if (frames[0]!.t !== 0) return fail('timing');
  for (let i = 1; i < frames.length; i++) {
    const gap = frames[i]!.t - frames[i - 1]!.t;
    if (!(gap > 0) || gap > MAX_GAP_MS) return fail('gap');
  }
  const span = frames[frames.length - 1]!.t;
  if (span > MAX_SPAN_MS || span > input.elapsedMs) return fail('timing');
  let prev = pointsOf(frames[0]!);
  for (let i = 1; i < frames.length; i++) {
    const cur = pointsOf(frames[i]!);
    const [a0, b0, a1, b1] = [eyeCentre(prev, EYE_A), eyeCentre(prev, EYE_B), eyeCentre(cur, EYE_A), eyeCentre(cur, EYE_B)];
    const eyes0 = dist(a0, b0);
    const eyes1 = dist(a1, b1);
    if (!(eyes0 > 0 && eyes1 > 0)) return fail('jump');
    const scale = eyes1 / eyes0;
    const move = dist({ x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 }, { x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 });
    if (scale > MAX_SCALE_JUMP || scale < 1 / MAX_SCALE_JUMP || move > MAX_MOVE_JUMP * Math.max(eyes0, eyes1)) return fail('jump');
    prev = cur;
  }
  const progress = track(steps, frames);
  if (!progress.complete) return fail('steps');
  let from = 0;
  for (const event of progress.events) {
    if (!frames.slice(from, event).some((f) => f.d)) return fail('descriptor');
    from = event;
  }
  if (!frames[0]!.d) return fail('descriptor');
  const described = [...frames.filter((f) => f.d).map((f) => f.d!), input.photoDescriptor];
  if (described.some((d) => d.length !== reference.length || !(distance(d, reference) <= threshold))) return fail('mismatch');
  return { ok: true };
}
