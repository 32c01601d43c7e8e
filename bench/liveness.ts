// How well do face landmarks tell a moving face from a photo? Picks the liveness thresholds
// (features/face/lib/liveness.ts) and gives docs/face.md its figures.
// Run: npx tsx bench/liveness.ts            (no database, no browser; a few minutes on 2 cores)
//      LIVENESS_NET=full npx tsx bench/liveness.ts   (face-api's full 68-point net instead of the tiny one)
//      LIVENESS_CACHE=1 …  reuses the landmarks of earlier runs (kept in the system's temp folder as they are computed)
//      LIVENESS_INPUT=224 …  landmarks and descriptors from a detection at this input size, as the dialog's
//                            frames (features/face/components/useLiveness.ts; its photo is detected at 416)
//
// Faces: every face face-api finds in its sample photos (demo/sample1..6.jpg) plus the test fixtures,
// cropped 400×400 and put in a 480×360 frame (what the dialog captures). For each face the bench makes
// frames and runs the same detector and landmark net as the browser on each:
// - still: the picture again and again with sensor-like noise (±1 px shift, ±3 % brightness, JPEG 70–90):
//   a photo held still in front of the camera;
// - tilt: the picture as a flat sheet turned about its vertical axis by ±15..60° (perspective, focal
//   length twice the frame width): a printed photo or a phone screen turned to fake a head turn;
// - slide: the flat picture moved, zoomed and rolled (in-plane rotation ±12°);
// - turn: the face wrapped on a cylinder turned by ±10..45° (a synthetic head turn: the nose moves
//   across the face while the outline stays; real heads have a nose that sticks out further);
// - blink: the eyes painted over with the skin above them (half, then fully closed): a synthetic blink.
// Sequences for each of the six challenges are then assembled from these frames (150 ms apart) and
// judged by checkLiveness exactly as the server does. A genuine sequence rejected is a false reject, a
// spoof sequence accepted a false accept.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { cropFace, decodeRgba, type Rgba } from '@/features/face/server/engine/image';
import {
  checkLiveness,
  ear,
  encodePoints,
  pointsOf,
  track,
  yaw,
  type LivenessFrame,
  type LivenessStep,
  type Point,
} from '@/features/face/lib/liveness';
import { euclideanDistance } from '@/features/face/lib/descriptor';

const require = createRequire(path.join(process.cwd(), 'package.json'));
type Any = any;
const faceapi: Any = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
const tf: Any = require('@tensorflow/tfjs');
const wasm: Any = require('@tensorflow/tfjs-backend-wasm');

const DEMO = 'node_modules/@vladmandic/face-api/demo';
const FIXTURES = 'tests/fixtures/faces';
const W = 480;
const H = 360;
const FULL = process.env.LIVENESS_NET === 'full';
/** The detector's input size for a frame's landmarks and descriptor (the dialog's frames: 224). */
const LANDMARK_INPUT = Number(process.env.LIVENESS_INPUT || 416);
const THRESHOLD = 0.5;
const FRAME_MS = 150;

async function load() {
  const dir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
  const wasmDir = path.join(dir('@tensorflow/tfjs-backend-wasm'), 'dist');
  const files = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];
  wasm.setWasmPaths(Object.fromEntries(files.map((f) => [f, path.join(wasmDir, f)])), true);
  tf.env().platform.fetch = (url: string) =>
    readFile(url).then((b) => new Response(b, { headers: { 'content-type': 'application/wasm' } }));
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await tf.setBackend('wasm');
  await tf.ready();
  const models = path.join(dir('@vladmandic/face-api'), 'model');
  await faceapi.nets.tinyFaceDetector.loadFromDisk(models);
  await faceapi.nets.faceLandmark68TinyNet.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
}

type Found = { points: number[]; landmarks: Point[]; descriptor: number[] } | null;

/** Exactly one face with its landmarks and descriptor, as the dialog gets it (else null). */
async function detect(img: Rgba): Promise<Found> {
  const rgb = new Uint8Array(img.width * img.height * 3);
  for (let i = 0; i < img.width * img.height; i++) {
    rgb[i * 3] = img.data[i * 4]!;
    rgb[i * 3 + 1] = img.data[i * 4 + 1]!;
    rgb[i * 3 + 2] = img.data[i * 4 + 2]!;
  }
  const tensor = tf.tensor3d(rgb, [img.height, img.width, 3], 'int32');
  try {
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 });
    const found = await faceapi.detectAllFaces(tensor, options).withFaceLandmarks(!FULL).withFaceDescriptors();
    if (found.length !== 1) return null;
    let marked = found[0];
    if (LANDMARK_INPUT !== 416) {
      // The dialog's frames: detected at LANDMARK_INPUT, at 416 only when that finds no face.
      const small = new faceapi.TinyFaceDetectorOptions({ inputSize: LANDMARK_INPUT, scoreThreshold: 0.5 });
      const quick = await faceapi.detectAllFaces(tensor, small).withFaceLandmarks(!FULL).withFaceDescriptors();
      if (quick.length > 1) return null;
      if (quick.length === 1) marked = quick[0];
    }
    const landmarks = marked.landmarks.positions.map((p: Point) => ({ x: p.x, y: p.y }));
    return { points: encodePoints(landmarks), landmarks, descriptor: Array.from(marked.descriptor as Float32Array) };
  } finally {
    tensor.dispose();
  }
}

// ---------- pictures ----------

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

function sample(img: Rgba, sx: number, sy: number, ch: number): number {
  if (sx < 0 || sy < 0 || sx > img.width - 1 || sy > img.height - 1) return 96;
  const ix = Math.min(img.width - 2, Math.floor(sx));
  const iy = Math.min(img.height - 2, Math.floor(sy));
  const fx = sx - ix;
  const fy = sy - iy;
  const p = (x: number, y: number) => img.data[(y * img.width + x) * 4 + ch]!;
  return (p(ix, iy) * (1 - fx) + p(ix + 1, iy) * fx) * (1 - fy) + (p(ix, iy + 1) * (1 - fx) + p(ix + 1, iy + 1) * fx) * fy;
}

/** A W×H frame whose pixel (x, y) shows the face picture at map(x, y) (null: grey background). */
function render(face: Rgba, map: (x: number, y: number) => [number, number] | null, gain = 1): Rgba {
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const s = map(x, y);
      const o = (y * W + x) * 4;
      for (let ch = 0; ch < 3; ch++) data[o + ch] = s ? clamp(Math.round(sample(face, s[0], s[1], ch) * gain)) : 96;
      data[o + 3] = 255;
    }
  }
  return { width: W, height: H, data };
}

/** Through a JPEG of this quality, as the camera and the canvas would. */
const jpegged = (img: Rgba, quality: number): Rgba => decodeRgba(Buffer.from(jpeg.encode(img, quality).data));

/** The 400×400 face centred in the frame, 300 px high (the face about a third to half of the frame). */
const SCALE = 300 / 400;
const place = (x: number, y: number, dx = 0, dy = 0, zoom = 1, roll = 0): [number, number] => {
  const u = (x - W / 2 - dx) / (SCALE * zoom);
  const v = (y - H / 2 - dy) / (SCALE * zoom);
  const c = Math.cos(roll);
  const s = Math.sin(roll);
  return [200 + c * u + s * v, 200 - s * u + c * v];
};

/** The flat picture turned by `deg` about its vertical axis, seen in perspective. */
function tilt(face: Rgba, deg: number): Rgba {
  const a = (deg * Math.PI) / 180;
  const f = 2 * W;
  return render(face, (x, y) => {
    const u = x - W / 2;
    const X = (u * f) / (f * Math.cos(a) - u * Math.sin(a));
    const depth = f / (f + X * Math.sin(a));
    return place(W / 2 + X, H / 2 + (y - H / 2) / depth);
  });
}

/** The face wrapped on a cylinder (radius: `radius` px of the 400 px picture, axis through its centre) turned by `deg`. */
function turn(face: Rgba, deg: number, radius: number): Rgba {
  const a = (deg * Math.PI) / 180;
  const R = radius * SCALE;
  return render(face, (x, y) => {
    const u = (x - W / 2) / R;
    if (Math.abs(u) >= 1) return place(x, y);
    const phi = Math.asin(u) - a;
    if (Math.abs(phi) >= Math.PI / 2) return null;
    return place(W / 2 + R * Math.sin(phi), y);
  });
}

/** The eyes painted over (closure 0.5: upper half; 1: all of it) with the skin above and below, a dark lash line in the middle. */
function blink(face: Rgba, landmarks: Point[], closure: number): Rgba {
  const out = { width: face.width, height: face.height, data: new Uint8Array(face.data) };
  for (const start of [36, 42]) {
    const eye = landmarks.slice(start, start + 6);
    const xs = eye.map((p) => p.x);
    const ys = eye.map((p) => p.y);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
    const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    const rx = ((Math.max(...xs) - Math.min(...xs)) / 2) * 1.35;
    const ry = Math.max(4, ((Math.max(...ys) - Math.min(...ys)) / 2) * 2.2);
    const top = Math.round(cy - ry - 2);
    const bottom = Math.round(cy + ry + 2);
    const lid = cy - ry + 2 * ry * closure; // the upper lid comes down to here
    for (let y = top; y <= bottom; y++) {
      for (let x = Math.round(cx - rx); x <= Math.round(cx + rx); x++) {
        const nx = (x - cx) / rx;
        const ny = (y - cy) / ry;
        if (nx * nx + ny * ny > 1 || y > lid) continue;
        const t = (y - top) / (bottom - top);
        const lash = Math.abs(y - lid) < 1.5 ? 0.55 : 1;
        for (let ch = 0; ch < 3; ch++) {
          const above = face.data[(top * face.width + x) * 4 + ch]!;
          const below = face.data[(bottom * face.width + x) * 4 + ch]!;
          out.data[(y * face.width + x) * 4 + ch] = clamp(Math.round((above * (1 - t * 0.5) + below * t * 0.5) * lash));
        }
      }
    }
  }
  return out;
}

// ---------- frames ----------

type Frames = Record<string, Found>;
const TURN_ANGLES = [10, 20, 30, 45];
const TILT_ANGLES = [15, 30, 45, 60];

async function framesOf(face: Rgba): Promise<Frames | null> {
  const f: Frames = {};
  f.base = await detect(
    jpegged(
      render(face, (x, y) => place(x, y)),
      85,
    ),
  );
  if (!f.base) return null;
  // The face's own landmarks in the 400 px picture, for painting the eyes.
  const own = await detect(face);
  for (let i = 0; i < 6; i++) {
    const dx = (i % 3) - 1;
    const dy = ((i >> 1) % 3) - 1;
    f[`still${i}`] = await detect(
      jpegged(
        render(face, (x, y) => place(x, y, dx, dy), 1 + ((i % 3) - 1) * 0.03),
        70 + i * 4,
      ),
    );
  }
  for (const d of TILT_ANGLES) for (const s of [1, -1]) f[`tilt${s * d}`] = await detect(jpegged(tilt(face, s * d), 85));
  const slides: [number, number, number, number][] = [
    [40, 0, 1, 0],
    [-40, 10, 1, 0],
    [0, 0, 1.25, 0],
    [0, 0, 0.8, 0],
    [10, 0, 1, 0.2],
    [-10, 0, 1, -0.2],
  ];
  for (const [i, s] of slides.entries())
    f[`slide${i}`] = await detect(
      jpegged(
        render(face, (x, y) => place(x, y, s[0], s[1], s[2], s[3])),
        85,
      ),
    );
  for (const d of TURN_ANGLES) for (const s of [1, -1]) f[`turn${s * d}`] = await detect(jpegged(turn(face, s * d, 150), 85));
  if (own)
    for (const c of [0.5, 1])
      f[`blink${c}`] = await detect(
        jpegged(
          render(blink(face, own.landmarks, c), (x, y) => place(x, y)),
          85,
        ),
      );
  return f;
}

// ---------- sequences ----------

type Seq = (string | null)[];
const neutral = (n: number, from = 0): string[] => Array.from({ length: n }, (_, i) => `still${(from + i) % 6}`);
const turnSeg = (sign: number, peak: number): string[] => {
  const up = TURN_ANGLES.filter((a) => a <= peak).map((a) => `turn${sign * a}`);
  return [...up, ...[...up].reverse().slice(1)];
};
const tiltSeg = (sign: number): string[] => {
  const up = TILT_ANGLES.map((a) => `tilt${sign * a}`);
  return [...up, ...[...up].reverse().slice(1)];
};
const blinkSeg = (): string[] => ['blink0.5', 'blink1', 'blink0.5'];

/** The genuine answer to one step; `peak` the largest turn in degrees. */
const genuine = (step: LivenessStep, peak: number): string[] =>
  step === 'kedip' ? blinkSeg() : turnSeg(step === 'toleh_kiri' ? 1 : -1, peak);

function build(f: Frames, names: Seq, describe: (i: number) => boolean): { frames: LivenessFrame[]; photo: number[] } | null {
  const frames: LivenessFrame[] = [];
  for (const [i, name] of names.entries()) {
    const found = name ? f[name] : null;
    if (!found) continue; // no face found in this frame: the dialog skips it
    frames.push({ t: frames.length * FRAME_MS, p: found.points, ...(describe(i) ? { d: found.descriptor } : {}) });
  }
  if (frames.length < 2) return null;
  const last = frames[frames.length - 1]!;
  const photo = f[names[names.length - 1] ?? ''];
  return { frames, photo: photo?.descriptor ?? last.d ?? [] };
}

/** A sequence: neutral, first step, neutral, second step, neutral (descriptors on the neutral frames before each step). */
function sequence(f: Frames, a: string[], b: string[]) {
  const names = [...neutral(3), ...a, ...neutral(3, 3), ...b, ...neutral(2, 1)];
  const describeAt = new Set([0, 3 + a.length]);
  return build(f, names, (i) => describeAt.has(i));
}

type Tally = { runs: number; accepted: number };
const tally: Record<string, Tally> = {};
const count = (name: string, ok: boolean) => {
  const t = (tally[name] ??= { runs: 0, accepted: 0 });
  t.runs++;
  if (ok) t.accepted++;
};

const CHALLENGES: [LivenessStep, LivenessStep][] = [
  ['kedip', 'toleh_kiri'],
  ['kedip', 'toleh_kanan'],
  ['toleh_kiri', 'kedip'],
  ['toleh_kanan', 'kedip'],
  ['toleh_kiri', 'toleh_kanan'],
  ['toleh_kanan', 'toleh_kiri'],
];

const CACHE = path.join(tmpdir(), `absensi-liveness-${FULL ? 'full' : 'tiny'}${LANDMARK_INPUT === 416 ? '' : `-${LANDMARK_INPUT}`}.json`);

async function main() {
  // The landmarks of every face are kept as they are computed: an interrupted run resumes where it stopped.
  const store: Record<string, Frames | null> =
    process.env.LIVENESS_CACHE && existsSync(CACHE) ? JSON.parse(readFileSync(CACHE, 'utf8')) : {};
  await load();
  const faces: { id: string; img: Rgba }[] = [];
  for (let s = 1; s <= 6; s++) {
    const source = readFileSync(`${DEMO}/sample${s}.jpg`);
    const img = decodeRgba(source);
    const tensor = tf.tensor3d(
      decodeRgba(source).data.filter((_: number, i: number) => i % 4 !== 3),
      [img.height, img.width, 3],
      'int32',
    );
    const found = await faceapi.detectAllFaces(tensor, new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 }));
    tensor.dispose();
    for (const [k, d] of found.entries()) faces.push({ id: `sample${s}#${k}`, img: decodeRgba(cropFace(img, d.box, { margin: 0.45 })) });
  }
  for (const name of ['person-a-1', 'person-b-1', 'person-c-1'])
    faces.push({ id: name, img: decodeRgba(readFileSync(`${FIXTURES}/${name}.jpg`)) });

  const series: Record<string, { yaw: number[]; dyaw: number[]; dyawEyes: number[]; ear: number[]; dist: number[] }> = {};
  /** The alternative yaw: the nose tip between the outer eye corners (36, 45). */
  const yawEyes = (l: Point[]) => (l[30]!.x - (l[36]!.x + l[45]!.x) / 2) / ((l[45]!.x - l[36]!.x) / 2);
  const note = (key: string, found: Found, base: Found) => {
    if (!found || !base) return;
    const s = (series[key] ??= { yaw: [], dyaw: [], dyawEyes: [], ear: [], dist: [] });
    const pts = pointsOf({ p: found.points });
    const basePts = pointsOf({ p: base.points });
    s.yaw.push(yaw(pts));
    s.dyaw.push(yaw(pts) - yaw(basePts));
    s.dyawEyes.push(yawEyes(found.landmarks) - yawEyes(base.landmarks));
    s.ear.push(ear(pts) / ear(basePts));
    s.dist.push(euclideanDistance(found.descriptor, base.descriptor));
  };
  let usable = 0;
  const missed: Record<string, number> = {};
  const started = Date.now();
  for (const face of faces) {
    let f = store[face.id];
    if (f === undefined) {
      f = await framesOf(face.img);
      store[face.id] = f;
      writeFileSync(CACHE, JSON.stringify(store));
    }
    if (!f) {
      console.log(`${face.id}: no face in the frame, skipped`);
      continue;
    }
    usable++;
    for (const [k, v] of Object.entries(f)) {
      if (!v) missed[k] = (missed[k] ?? 0) + 1;
      note(k.startsWith('still') ? 'still' : k, v, f.base ?? null);
    }
    for (const steps of CHALLENGES) {
      const judge = (name: string, s: ReturnType<typeof sequence>) => {
        const ok =
          !!s &&
          checkLiveness({
            steps,
            frames: s.frames,
            elapsedMs: 60_000,
            reference: f.base!.descriptor,
            photoDescriptor: s.photo,
            threshold: THRESHOLD,
          }).ok;
        count(name, ok);
        return ok;
      };
      const g = (peak: number) => sequence(f, genuine(steps[0], peak), genuine(steps[1], peak));
      // Genuine answers, turns reaching 45°, 30° and 20°.
      const kind = steps.includes('kedip') ? 'blink + turn' : 'two turns';
      for (const peak of [45, 30, 20]) judge(`genuine, ${kind}, turns to ${peak}°`, g(peak));
      // Spoofs.
      const still = build(f, [...neutral(6), ...neutral(6), ...neutral(6)], (i) => i === 0 || i === 9);
      judge('still photo (18 frames)', still);
      const spoofStep = (step: LivenessStep, kind: 'tilt' | 'slide') =>
        step === 'kedip'
          ? neutral(3)
          : kind === 'tilt'
            ? tiltSeg(step === 'toleh_kiri' ? 1 : -1)
            : ['slide0', 'slide4', 'slide2', 'slide1', 'slide5', 'slide3'];
      judge('photo tilted (turns) / held still (blink)', sequence(f, spoofStep(steps[0], 'tilt'), spoofStep(steps[1], 'tilt')));
      judge('photo slid, zoomed, rolled', sequence(f, spoofStep(steps[0], 'slide'), spoofStep(steps[1], 'slide')));
      judge('the right moves in the wrong order', sequence(f, genuine(steps[1], 45), genuine(steps[0], 45)));
      const onlyOne = sequence(f, genuine(steps[0], 45), neutral(4));
      judge('only the first step done', onlyOne);
      const good = g(45);
      if (good) {
        const gappy = { ...good, frames: good.frames.map((fr, i) => ({ ...fr, t: fr.t + (i >= good.frames.length / 2 ? 2500 : 0) })) };
        judge('any answer with a 2.65 s gap', gappy);
        const late = checkLiveness({
          steps,
          frames: good.frames,
          elapsedMs: good.frames[good.frames.length - 1]!.t - 1,
          reference: f.base!.descriptor,
          photoDescriptor: good.photo,
          threshold: THRESHOLD,
        }).ok;
        count('genuine, longer than the challenge lived', late);
      }
    }
    // Progress of a still sequence by itself: how far did it get?
    const stillTrack = track(
      ['kedip', 'toleh_kiri'],
      neutral(12).map((n) => ({ p: f[n]?.points ?? f.base!.points })),
    );
    if (stillTrack.done > 0) console.log(`${face.id}: still sequence answered ${stillTrack.done} step(s)`);
  }

  const pct = (xs: number[], p: number) => {
    const s = [...xs].filter(Number.isFinite).sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.round((p / 100) * (s.length - 1))))]! : Number.NaN;
  };
  const fmt = (xs: number[]) => `${pct(xs, 0).toFixed(2)} / ${pct(xs, 50).toFixed(2)} / ${pct(xs, 100).toFixed(2)}`;
  console.log(
    `\nlandmark net: ${FULL ? 'full 68-point (350 KB)' : 'tiny 68-point (77 KB)'}; ${usable} / ${faces.length} faces usable; ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(
    '\nper frame kind, min / median / max of: yaw | yaw − yaw of the face facing the camera (jaw ends; eye corners) | EAR ÷ EAR facing the camera | descriptor distance to the face facing the camera | faces missed',
  );
  const order = [
    'still',
    ...TILT_ANGLES.flatMap((d) => [`tilt${d}`, `tilt-${d}`]),
    ...[0, 1, 2, 3, 4, 5].map((i) => `slide${i}`),
    ...TURN_ANGLES.flatMap((d) => [`turn${d}`, `turn-${d}`]),
    'blink0.5',
    'blink1',
  ];
  for (const k of order) {
    const s = series[k];
    if (!s) continue;
    const miss = k === 'still' ? [0, 1, 2, 3, 4, 5].reduce((n, i) => n + (missed[`still${i}`] ?? 0), 0) : (missed[k] ?? 0);
    console.log(
      `${k.padEnd(9)} yaw ${fmt(s.yaw)} | Δyaw ${fmt(s.dyaw)}; ${fmt(s.dyawEyes)} | EAR ${fmt(s.ear)} | dist ${fmt(s.dist)} | missed ${miss}`,
    );
  }
  console.log('\ncase: accepted / runs (genuine: rejected = false rejects; others: accepted = false accepts)');
  for (const [name, t] of Object.entries(tally)) {
    const genuineCase = name.startsWith('genuine,') && !name.includes('gap') && !name.includes('order') && !name.includes('longer');
    const bad = genuineCase ? t.runs - t.accepted : t.accepted;
    console.log(
      `${name.padEnd(44)} ${genuineCase ? 'false rejects' : 'false accepts'} ${bad} / ${t.runs} (${((100 * bad) / Math.max(1, t.runs)).toFixed(1)} %)`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
