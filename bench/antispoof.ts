// Do `@vladmandic/human`'s passive anti-spoof and liveness models tell a live face from a photo shown
// on a screen or printed on paper? Gives docs/face.md ("Why face-api's tiny landmarks and not
// `@vladmandic/human`") its figures.
//
// human is not a dependency of the app (about 3.8 MB for the phone); install it anywhere outside the
// repository for this measurement only, then point HUMAN_DIR at the package:
//   mkdir -p <folder> && cd <folder> && npm init -y && npm install --no-save @vladmandic/human@3.3.6 \
//     @tensorflow/tfjs@4.22.0 @tensorflow/tfjs-backend-wasm@4.22.0
//   HUMAN_DIR=<folder>/node_modules/@vladmandic/human npx tsx bench/antispoof.ts   (no database; about 7 minutes on 2 cores)
// It runs offline: human's Node WebAssembly build (dist/human.node-wasm.js) with the models shipped in
// its package (models/), read from disk.
//
// Faces: the ones bench/liveness.ts uses (every face in face-api's demo/sample1..6.jpg and three
// fixtures), each 400×400 crop placed in a 480×360 frame, 300 px high (what the check-in dialog
// captures); faces the server engine does not find in that frame are left out, as there. Each face is
// made into frames of three kinds:
// - live: the camera photo as it is (a real person taken by a real camera, the closest to a live
//   capture there is here), and varied as a phone camera would (noise, brightness, slight defocus, JPEG);
// - screen: the frame as shown on a screen and photographed again: RGB sub-pixel stripes with dark gaps
//   (screen pixels 0.7 to 3.1 camera pixels wide, slightly rotated), integrated by a sensor at a
//   non-integer scale and resampled to 480×360 (moiré), defocus blur, raised black level, lower
//   contrast, a gamma shift, a faint reflection, sensor noise, JPEG;
// - print: the frame desaturated, halftoned (CMYK dot screens at 15/75/0/45°, or a single dot screen)
//   on warm paper with a paper texture, lit unevenly, blurred a little, sensor noise, JPEG.
// human (blazeface + facemesh + antispoof + liveness; body, hand, object, gesture off) runs on each
// frame; its `real` (antispoof) and `live` (liveness) scores are recorded. A live frame scored under a
// threshold is a false reject, a screen or print frame scored at or over it a false accept; a frame
// where human finds no face counts as rejected (no score), and is counted.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { faceEngine, stopFaceEngine } from '@/features/face/server/engine/engine';
import { cropFace, decodeRgba, type Rgba } from '@/features/face/server/engine/image';

type Any = any;

const DEMO = 'node_modules/@vladmandic/face-api/demo';
const FIXTURES = 'tests/fixtures/faces';
const W = 480;
const H = 360;
/** The threshold human's own face-ID demo applies to both scores (the library itself applies none). */
const DEFAULT_THRESHOLD = 0.6;
const THRESHOLDS = [0.3, 0.5, 0.6, 0.7, 0.8, 0.9];
const MODELS = ['blazeface', 'facemesh', 'antispoof', 'liveness'] as const;

// ---------- pictures (float RGB, 0..255) ----------

type Img = { w: number; h: number; d: Float32Array };
const blank = (w = W, h = H): Img => ({ w, h, d: new Float32Array(w * h * 3) });
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** A small seeded random generator, so every run makes the same frames. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return { next, gauss };
}

function bilinear(img: Img, x: number, y: number, ch: number): number {
  const fx = Math.max(0, Math.min(img.w - 1.001, x));
  const fy = Math.max(0, Math.min(img.h - 1.001, y));
  const ix = Math.floor(fx);
  const iy = Math.floor(fy);
  const wx = fx - ix;
  const wy = fy - iy;
  const p = (xx: number, yy: number) => img.d[(yy * img.w + xx) * 3 + ch]!;
  return (p(ix, iy) * (1 - wx) + p(ix + 1, iy) * wx) * (1 - wy) + (p(ix, iy + 1) * (1 - wx) + p(ix + 1, iy + 1) * wx) * wy;
}

/** The 400×400 face in the middle of a 480×360 grey frame, 300 px high (as bench/liveness.ts frames it). */
function frameOf(face: Rgba, dx = 0, dy = 0): Img {
  const out = blank();
  const scale = 300 / 400;
  const src: Img = { w: face.width, h: face.height, d: new Float32Array(face.width * face.height * 3) };
  for (let i = 0; i < face.width * face.height; i++) for (let ch = 0; ch < 3; ch++) src.d[i * 3 + ch] = face.data[i * 4 + ch]!;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const u = (x + 0.5 - W / 2 - dx) / scale + 200 - 0.5;
      const v = (y + 0.5 - H / 2 - dy) / scale + 200 - 0.5;
      const inside = u >= -0.5 && v >= -0.5 && u <= 399.5 && v <= 399.5;
      for (let ch = 0; ch < 3; ch++) out.d[(y * W + x) * 3 + ch] = inside ? bilinear(src, u, v, ch) : 96;
    }
  return out;
}

function blur(img: Img, sigma: number): Img {
  if (sigma <= 0) return img;
  const r = Math.ceil(3 * sigma);
  const k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((a, b) => a + b, 0);
  const kn = k.map((v) => v / sum);
  const pass = (src: Img, horizontal: boolean): Img => {
    const out = blank(src.w, src.h);
    for (let y = 0; y < src.h; y++)
      for (let x = 0; x < src.w; x++)
        for (let ch = 0; ch < 3; ch++) {
          let acc = 0;
          for (let i = -r; i <= r; i++) {
            const xx = horizontal ? Math.max(0, Math.min(src.w - 1, x + i)) : x;
            const yy = horizontal ? y : Math.max(0, Math.min(src.h - 1, y + i));
            acc += src.d[(yy * src.w + xx) * 3 + ch]! * kn[i + r]!;
          }
          out.d[(y * src.w + x) * 3 + ch] = acc;
        }
    return out;
  };
  return pass(pass(img, true), false);
}

/** Bilinear resampling to w×h without low-pass filtering (a browser's drawImage of a larger frame): aliases. */
function resample(img: Img, w: number, h: number): Img {
  const out = blank(w, h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let ch = 0; ch < 3; ch++)
        out.d[(y * w + x) * 3 + ch] = bilinear(img, ((x + 0.5) * img.w) / w - 0.5, ((y + 0.5) * img.h) / h - 0.5, ch);
  return out;
}

function addNoise(img: Img, sigma: number, seed: number): Img {
  const r = rng(seed);
  const out = blank(img.w, img.h);
  for (let i = 0; i < img.d.length; i++) out.d[i] = img.d[i]! + sigma * r.gauss();
  return out;
}

function jpegOf(img: Img, quality: number): Buffer {
  const data = new Uint8Array(img.w * img.h * 4);
  for (let i = 0; i < img.w * img.h; i++) {
    for (let ch = 0; ch < 3; ch++) data[i * 4 + ch] = Math.round(clamp(img.d[i * 3 + ch]!));
    data[i * 4 + 3] = 255;
  }
  return Buffer.from(jpeg.encode({ width: img.w, height: img.h, data }, quality).data);
}

/** Through a JPEG of this quality, decoded again: the pixels human is given. */
const toJpeg = (img: Img, quality: number): Rgba => decodeRgba(jpegOf(img, quality));

/** Smooth random field in [-1, 1] with features about `cell` px wide (value noise). */
function valueNoise(w: number, h: number, cell: number, seed: number): Float32Array {
  const r = rng(seed);
  const gw = Math.ceil(w / cell) + 2;
  const gh = Math.ceil(h / cell) + 2;
  const grid = Float32Array.from({ length: gw * gh }, () => r.next() * 2 - 1);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const gx = x / cell;
      const gy = y / cell;
      const ix = Math.floor(gx);
      const iy = Math.floor(gy);
      const s = (t: number) => t * t * (3 - 2 * t);
      const fx = s(gx - ix);
      const fy = s(gy - iy);
      const g = (xx: number, yy: number) => grid[yy * gw + xx]!;
      out[y * w + x] = (g(ix, iy) * (1 - fx) + g(ix + 1, iy) * fx) * (1 - fy) + (g(ix, iy + 1) * (1 - fx) + g(ix + 1, iy + 1) * fx) * fy;
    }
  return out;
}

// ---------- live ----------

type Live = { name: string; dx: number; gain: number; gamma: number; blur: number; noise: number; q: number };
const LIVE: Live[] = [
  { name: 'as taken, q85', dx: 0, gain: 1, gamma: 1, blur: 0, noise: 0, q: 85 },
  { name: 'darker, noise 2, q75', dx: 1, gain: 0.92, gamma: 1, blur: 0, noise: 2, q: 75 },
  { name: 'brighter, noise 4, q65', dx: -1, gain: 1.08, gamma: 1, blur: 0, noise: 4, q: 65 },
  { name: 'defocus 0.6 px, noise 3, q90', dx: 0, gain: 1, gamma: 1, blur: 0.6, noise: 3, q: 90 },
  { name: 'dim room (0.8, γ1.1), noise 5, q70', dx: 1, gain: 0.8, gamma: 1.1, blur: 0, noise: 5, q: 70 },
];

function live(face: Rgba, p: Live, seed: number): Rgba {
  let img = frameOf(face, p.dx, 0);
  for (let i = 0; i < img.d.length; i++) img.d[i] = 255 * Math.pow(img.d[i]! / 255, p.gamma) * p.gain;
  img = blur(img, p.blur);
  if (p.noise) img = addNoise(img, p.noise, seed);
  return toJpeg(img, p.q);
}

// ---------- screen replay ----------

type Screen = {
  name: string;
  /** Width of one screen pixel in pixels of the camera's sensor. */
  pitch: number;
  /** Rotation of the screen's pixel grid against the sensor's, degrees. */
  angle: number;
  /** Sensor pixels per pixel of the 480×360 frame (the camera's frame is scaled down to it). */
  sensor: number;
  blur: number;
  black: number;
  white: number;
  gamma: number;
  reflect: number;
  noise: number;
  q: number;
};
const SCREEN: Screen[] = [
  {
    name: 'fine (0.7 px), laptop',
    pitch: 0.7,
    angle: 1.5,
    sensor: 1.37,
    blur: 0.7,
    black: 0.08,
    white: 0.9,
    gamma: 1.15,
    reflect: 0.08,
    noise: 3,
    q: 80,
  },
  {
    name: 'pixel 1.3 px, phone',
    pitch: 1.3,
    angle: 3,
    sensor: 1.29,
    blur: 0.6,
    black: 0.06,
    white: 0.92,
    gamma: 0.85,
    reflect: 0.05,
    noise: 3,
    q: 80,
  },
  {
    name: 'pixel 2.2 px, close',
    pitch: 2.2,
    angle: 2,
    sensor: 1.45,
    blur: 0.5,
    black: 0.1,
    white: 0.88,
    gamma: 1.1,
    reflect: 0.1,
    noise: 4,
    q: 75,
  },
  {
    name: 'pixel 3.1 px, very close',
    pitch: 3.1,
    angle: 5,
    sensor: 1.21,
    blur: 0.4,
    black: 0.05,
    white: 0.95,
    gamma: 0.95,
    reflect: 0.03,
    noise: 2,
    q: 85,
  },
];

/**
 * The frame shown on a screen (vertical R, G, B stripes, each 80 % of a third of the pixel, rows 85 %
 * lit, the rest dark) and taken by a sensor `sensor` times the frame's resolution, each sensor pixel
 * integrating 3×3 points; then scaled down to 480×360, blurred and toned like an emitting screen.
 */
function screen(face: Rgba, p: Screen, seed: number): Rgba {
  const content = frameOf(face);
  const sw = Math.round(W * p.sensor);
  const sh = Math.round(H * p.sensor);
  const pitch = p.pitch; // in sensor pixels
  const a = (p.angle * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const gain = 1 / ((0.8 / 3) * 0.85); // keeps the average brightness of a lit screen pixel
  const sensorImg = blank(sw, sh);
  const S = 3;
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      const acc = [0, 0, 0];
      for (let j = 0; j < S; j++)
        for (let i = 0; i < S; i++) {
          const px = x + (i + 0.5) / S - sw / 2;
          const py = y + (j + 0.5) / S - sh / 2;
          // Sensor position → screen pixel coordinates.
          const u = (cos * px + sin * py) / pitch;
          const v = (-sin * px + cos * py) / pitch;
          const iu = Math.floor(u);
          const iv = Math.floor(v);
          if (v - iv > 0.85) continue; // the dark gap between rows
          const stripe = (u - iu) * 3;
          const ch = Math.floor(stripe);
          if (stripe - ch > 0.8) continue; // the dark gap between sub-pixels
          // The colour of that screen pixel: the frame at the pixel's centre.
          const cu = (iu + 0.5) * pitch;
          const cv = (iv + 0.5) * pitch;
          const fx = (cos * cu - sin * cv + sw / 2) / p.sensor - 0.5;
          const fy = (sin * cu + cos * cv + sh / 2) / p.sensor - 0.5;
          acc[ch]! += bilinear(content, fx, fy, ch);
        }
      for (let ch = 0; ch < 3; ch++) sensorImg.d[(y * sw + x) * 3 + ch] = (acc[ch]! * gain) / (S * S);
    }
  let img = resample(blur(sensorImg, p.blur * p.sensor), W, H);
  // Tone: gamma shift, raised black level, lower contrast, a faint reflection across the glass.
  const out = blank();
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const t = (x / W + y / H) / 2; // diagonal position
      const reflection = p.reflect * Math.exp(-(((t - 0.35) / 0.18) ** 2));
      for (let ch = 0; ch < 3; ch++) {
        const o = (y * W + x) * 3 + ch;
        const v = Math.pow(clamp(img.d[o]!) / 255, p.gamma);
        out.d[o] = 255 * (p.black + (p.white - p.black) * v + reflection);
      }
    }
  img = addNoise(out, p.noise, seed);
  return toJpeg(img, p.q);
}

// ---------- print ----------

type Print = {
  name: string;
  /** Halftone cell size in pixels of the frame; one screen for all inks (single) or CMYK at four angles. */
  cell: number;
  cmyk: boolean;
  saturation: number;
  blur: number;
  light: number;
  noise: number;
  q: number;
};
const PRINT: Print[] = [
  { name: 'CMYK, fine dots (1.2 px)', cell: 1.2, cmyk: true, saturation: 0.75, blur: 0.6, light: 0.12, noise: 3, q: 80 },
  { name: 'CMYK, dots 2 px', cell: 2, cmyk: true, saturation: 0.7, blur: 0.5, light: 0.15, noise: 3, q: 80 },
  { name: 'CMYK, coarse dots 3 px', cell: 3, cmyk: true, saturation: 0.65, blur: 0.4, light: 0.1, noise: 4, q: 75 },
  { name: 'single dot screen 2.5 px', cell: 2.5, cmyk: false, saturation: 0.7, blur: 0.5, light: 0.12, noise: 3, q: 85 },
];

/** The dot shape: 0 at a cell's centre, 1 at its corners. */
const spot = (fx: number, fy: number) => (2 - Math.cos(2 * Math.PI * fx) - Math.cos(2 * Math.PI * fy)) / 4;
/** Spot level under which a fraction `a` of the cell is inked (so dot area follows ink coverage). */
const SPOT_LEVELS = (() => {
  const n = 64;
  const xs: number[] = [];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) xs.push(spot((i + 0.5) / n, (j + 0.5) / n));
  return xs.sort((a, b) => a - b);
})();
const levelFor = (a: number) =>
  a <= 0 ? -1 : a >= 1 ? 2 : SPOT_LEVELS[Math.min(SPOT_LEVELS.length - 1, Math.floor(a * SPOT_LEVELS.length))]!;

// What each ink lets through (R, G, B) and paper's colour.
const INKS: { angle: number; filter: [number, number, number] }[] = [
  { angle: 15, filter: [0.12, 0.7, 0.92] }, // cyan
  { angle: 75, filter: [0.93, 0.18, 0.6] }, // magenta
  { angle: 0, filter: [0.96, 0.93, 0.12] }, // yellow
  { angle: 45, filter: [0.14, 0.14, 0.15] }, // black
];
const PAPER: [number, number, number] = [243, 238, 226];

function print(face: Rgba, p: Print, seed: number): Rgba {
  const content = frameOf(face);
  const texture = valueNoise(W, H, 6, seed);
  const grain = rng(seed + 1);
  const out = blank();
  const S = 4;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      // Coverage of each ink for this pixel's colour (desaturated: a printer's smaller gamut).
      const o = (y * W + x) * 3;
      const rgb = [0, 1, 2].map((ch) => content.d[o + ch]! / 255);
      const lum = 0.299 * rgb[0]! + 0.587 * rgb[1]! + 0.114 * rgb[2]!;
      const [r, g, b] = rgb.map((v) => lum + (v - lum) * p.saturation) as [number, number, number];
      let cover: number[];
      if (p.cmyk) {
        const c = 1 - r;
        const m = 1 - g;
        const ye = 1 - b;
        const k = Math.min(c, m, ye) * 0.7;
        const f = (v: number) => Math.max(0, Math.min(1, (v - k) / (1 - k + 1e-6)));
        cover = [f(c), f(m), f(ye), k];
      } else cover = [1 - lum];
      const acc = [0, 0, 0];
      for (let j = 0; j < S; j++)
        for (let i = 0; i < S; i++) {
          const px = x + (i + 0.5) / S;
          const py = y + (j + 0.5) / S;
          const t: [number, number, number] = [1, 1, 1];
          for (const [n, a] of cover.entries()) {
            const ink = p.cmyk ? INKS[n]! : { angle: 45, filter: [0.16, 0.15, 0.15] as [number, number, number] };
            const an = (ink.angle * Math.PI) / 180;
            const u = (Math.cos(an) * px + Math.sin(an) * py) / p.cell;
            const v = (-Math.sin(an) * px + Math.cos(an) * py) / p.cell;
            if (spot(u - Math.floor(u), v - Math.floor(v)) < levelFor(a)) for (let ch = 0; ch < 3; ch++) t[ch]! *= ink.filter[ch]!;
          }
          for (let ch = 0; ch < 3; ch++) acc[ch]! += PAPER[ch]! * t[ch]!;
        }
      // Paper texture (±4 % in clumps, ±2 % grain) and uneven light across the sheet.
      const paper = 1 + 0.04 * texture[y * W + x]! + 0.02 * (grain.next() * 2 - 1);
      const light = 1 - p.light * (x / W) * 0.7 - p.light * (y / H) * 0.3;
      for (let ch = 0; ch < 3; ch++) out.d[o + ch] = (acc[ch]! / (S * S)) * paper * light;
    }
  return toJpeg(addNoise(blur(out, p.blur), p.noise, seed + 2), p.q);
}

// ---------- human ----------

function loadHuman(dir: string): { human: Any; sizes: Record<string, number> } {
  const req = createRequire(path.join(dir, 'package.json'));
  // The package's exports do not list the Node WebAssembly build: required by its file path.
  const Human: Any = req(path.join(dir, 'dist', 'human.node-wasm.js'));
  const wasmMain = req.resolve('@tensorflow/tfjs-backend-wasm');
  const wasmDist = wasmMain.slice(0, wasmMain.lastIndexOf(`${path.sep}dist${path.sep}`) + 6);
  const models = path.join(dir, 'models');
  // human fetches its models by URL; Node's fetch has no file:// scheme. Serve file:// from disk and
  // refuse everything else, so nothing is downloaded.
  globalThis.fetch = (async (input: Any) => {
    const url: string = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('file://')) return new Response(readFileSync(fileURLToPath(url)), { status: 200 });
    throw new Error(`offline: refused to fetch ${url}`);
  }) as typeof fetch;
  const human = new Human.Human({
    backend: 'wasm',
    wasmPath: wasmDist,
    wasmPlatformFetch: false,
    modelBasePath: `file://${models}${path.sep}`,
    debug: false,
    async: false, // one model after another, so human's per-model times are separate
    warmup: 'none',
    cacheSensitivity: 0, // every frame is analysed afresh (no frame skipping, no cached scores)
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { maxDetected: 1, rotation: false, skipFrames: 0, skipTime: 0 },
      mesh: { enabled: false },
      iris: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false, skipFrames: 0, skipTime: 0 },
      liveness: { enabled: false, skipFrames: 0, skipTime: 0 },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  const sizes: Record<string, number> = {};
  for (const m of MODELS) sizes[m] = statSync(path.join(models, `${m}.bin`)).size + statSync(path.join(models, `${m}.json`)).size;
  return { human, sizes };
}

type Score = { real: number | null; live: number | null; ms: number };

async function analyse(human: Any, img: Rgba): Promise<Score> {
  const rgb = new Float32Array(img.width * img.height * 3);
  for (let i = 0; i < img.width * img.height; i++) for (let ch = 0; ch < 3; ch++) rgb[i * 3 + ch] = img.data[i * 4 + ch]!;
  const tensor = human.tf.tensor3d(rgb, [img.height, img.width, 3], 'float32');
  try {
    const t0 = performance.now();
    const result = await human.detect(tensor);
    const ms = performance.now() - t0;
    const face = result.face?.[0];
    // human leaves `real` / `live` out when the score rounds to 0.
    return face ? { real: face.real ?? 0, live: face.live ?? 0, ms } : { real: null, live: null, ms };
  } finally {
    human.tf.dispose(tensor);
  }
}

// ---------- main ----------

async function main() {
  const dir = process.env.HUMAN_DIR;
  if (!dir) {
    console.error(
      'HUMAN_DIR is not set. Install human outside the repository for this measurement only, e.g.:\n' +
        '  mkdir -p <folder> && cd <folder> && npm init -y && npm install --no-save @vladmandic/human@3.3.6 @tensorflow/tfjs@4.22.0 @tensorflow/tfjs-backend-wasm@4.22.0\n' +
        'then, from the repository:\n' +
        '  HUMAN_DIR=<folder>/node_modules/@vladmandic/human npx tsx bench/antispoof.ts',
    );
    process.exit(2);
  }
  process.env.FACE_ENGINE_THREADS ??= '1';

  // The faces bench/liveness.ts uses: found by the server engine's detector (face-api's tiny detector at
  // 416, as there) in the sample photos, plus the fixtures.
  const engine = await faceEngine();
  const candidates: { id: string; img: Rgba }[] = [];
  for (let s = 1; s <= 6; s++) {
    const source = readFileSync(`${DEMO}/sample${s}.jpg`);
    const img = decodeRgba(source);
    for (const [k, f] of (await engine.detect(source)).entries())
      candidates.push({ id: `sample${s}#${k}`, img: decodeRgba(cropFace(img, f.box, { margin: 0.45 })) });
  }
  for (const name of ['person-a-1', 'person-b-1', 'person-c-1'])
    candidates.push({ id: name, img: decodeRgba(readFileSync(`${FIXTURES}/${name}.jpg`)) });
  const faces: typeof candidates = [];
  for (const c of candidates) {
    const found = await engine.detect(jpegOf(frameOf(c.img), 85));
    if (found.length === 1) faces.push(c);
    else console.log(`${c.id}: the server engine finds ${found.length} faces in the 480×360 frame, skipped`);
  }
  await stopFaceEngine();
  const limit = Number(process.env.ANTISPOOF_FACES) || faces.length; // fewer faces for a quick look
  faces.splice(limit);

  // human, one model at a time: load time (read from disk, parse, weights into WebAssembly memory).
  const { human, sizes } = loadHuman(path.resolve(dir));
  const timing: [string, number][] = [];
  let t = performance.now();
  await human.init();
  await human.tf.ready();
  timing.push([`tfjs WebAssembly backend (${human.tf.getBackend()})`, performance.now() - t]);
  const steps: [string, Any][] = [
    ['blazeface', {}],
    ['facemesh', { face: { mesh: { enabled: true } } }],
    ['antispoof', { face: { antispoof: { enabled: true } } }],
    ['liveness', { face: { liveness: { enabled: true } } }],
  ];
  for (const [name, config] of steps) {
    t = performance.now();
    await human.load(config);
    timing.push([`${name} (${(sizes[name]! / 1024).toFixed(0)} KB)`, performance.now() - t]);
  }
  console.log(
    `human ${human.version}, tfjs ${human.tf.version_core}; models loaded: ${Object.keys(human.models.models)
      .filter((k) => human.models.models[k])
      .join(', ')}`,
  );

  type Row = { face: string; kind: 'live' | 'screen' | 'print'; variant: string } & Score & { antispoofMs: number; livenessMs: number };
  const rows: Row[] = [];
  let first: number | null = null;
  const started = performance.now();
  for (const [n, face] of faces.entries()) {
    const made: [Row['kind'], string, () => Rgba][] = [
      ...LIVE.map((p, i) => ['live', p.name, () => live(face.img, p, n * 100 + i)] as [Row['kind'], string, () => Rgba]),
      ...SCREEN.map((p, i) => ['screen', p.name, () => screen(face.img, p, n * 100 + 10 + i)] as [Row['kind'], string, () => Rgba]),
      ...PRINT.map((p, i) => ['print', p.name, () => print(face.img, p, n * 100 + 20 + i)] as [Row['kind'], string, () => Rgba]),
    ];
    for (const [kind, variant, make] of made) {
      const img = make();
      if (process.env.ANTISPOOF_SAVE && n === 0)
        writeFileSync(path.join(tmpdir(), `antispoof-${kind}-${variant.replace(/[^a-z0-9]+/gi, '_')}.jpg`), jpeg.encode(img, 95).data);
      const s = await analyse(human, img);
      first ??= s.ms;
      rows.push({
        face: face.id,
        kind,
        variant,
        ...s,
        antispoofMs: human.performance.antispoof ?? 0,
        livenessMs: human.performance.liveness ?? 0,
      });
    }
    process.stdout.write(`\r${n + 1} / ${faces.length} faces`);
  }
  process.stdout.write('\n');
  const out = path.join(tmpdir(), 'absensi-antispoof.json');
  writeFileSync(out, JSON.stringify(rows));

  // ---------- report ----------
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.round((p / 100) * (s.length - 1))))]! : Number.NaN;
  };
  const mmm = (xs: number[]) => (xs.length ? `${pct(xs, 0).toFixed(2)} / ${pct(xs, 50).toFixed(2)} / ${pct(xs, 100).toFixed(2)}` : 'n/a');
  const kinds = ['live', 'screen', 'print'] as const;
  const scored = (r: Row) => r.real !== null;
  const pass = (r: Row, t: number, which: 'real' | 'live' | 'both') =>
    scored(r) && (which === 'real' ? r.real! >= t : which === 'live' ? r.live! >= t : r.real! >= t && r.live! >= t);

  console.log(
    `\n${faces.length} faces (of ${candidates.length}) × ${LIVE.length} live + ${SCREEN.length} screen + ${PRINT.length} print frames; ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log('\nload, one after another:');
  for (const [name, ms] of timing) console.log(`  ${name.padEnd(40)} ${ms.toFixed(0)} ms`);
  const ms = rows.map((r) => r.ms);
  console.log(
    `per frame (480×360, human.detect: blazeface + facemesh + antispoof + liveness): first ${first?.toFixed(0)} ms; then min / median / max ${[0, 50, 100].map((p) => pct(ms.slice(1), p).toFixed(0)).join(' / ')} ms; of which antispoof median ${pct(
      rows.map((r) => r.antispoofMs),
      50,
    )} ms, liveness median ${pct(
      rows.map((r) => r.livenessMs),
      50,
    )} ms`,
  );

  console.log(
    `\nper kind: frames | no face found | real (antispoof) min / median / max | live (liveness) min / median / max | passing at ${DEFAULT_THRESHOLD}: real, live, both`,
  );
  for (const kind of kinds) {
    const rs = rows.filter((r) => r.kind === kind);
    const sc = rs.filter(scored);
    console.log(
      `${kind.padEnd(7)} ${String(rs.length).padStart(4)} | ${String(rs.length - sc.length).padStart(3)} | ${mmm(sc.map((r) => r.real!))} | ${mmm(sc.map((r) => r.live!))} | ${rs.filter((r) => pass(r, DEFAULT_THRESHOLD, 'real')).length}, ${rs.filter((r) => pass(r, DEFAULT_THRESHOLD, 'live')).length}, ${rs.filter((r) => pass(r, DEFAULT_THRESHOLD, 'both')).length}`,
    );
  }
  console.log('\nper variant: frames | no face | real median (min–max) | live median (min–max)');
  for (const kind of kinds)
    for (const variant of [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.variant))]) {
      const rs = rows.filter((r) => r.kind === kind && r.variant === variant);
      const sc = rs.filter(scored);
      const f = (xs: number[]) => (xs.length ? `${pct(xs, 50).toFixed(2)} (${pct(xs, 0).toFixed(2)}–${pct(xs, 100).toFixed(2)})` : 'n/a');
      console.log(
        `${`${kind}: ${variant}`.padEnd(48)} ${rs.length} | ${rs.length - sc.length} | ${f(sc.map((r) => r.real!))} | ${f(sc.map((r) => r.live!))}`,
      );
    }

  console.log('\nthreshold: false rejects (live frames under it, or no face) | false accepts screen | false accepts print');
  for (const which of ['real', 'live', 'both'] as const) {
    console.log(which === 'both' ? 'real and live both at or over it:' : `${which} at or over it:`);
    for (const th of THRESHOLDS) {
      const of = (kind: (typeof kinds)[number]) => rows.filter((r) => r.kind === kind);
      const fr = of('live').filter((r) => !pass(r, th, which)).length;
      const fs = of('screen').filter((r) => pass(r, th, which)).length;
      const fp = of('print').filter((r) => pass(r, th, which)).length;
      const frac = (n: number, kind: (typeof kinds)[number]) =>
        `${n} / ${of(kind).length} (${n} / ${of(kind).filter(scored).length} with a face)`;
      console.log(
        `  ${th.toFixed(1)}${th === DEFAULT_THRESHOLD ? '*' : ' '}  FR ${frac(fr, 'live').padEnd(36)} FA screen ${frac(fs, 'screen').padEnd(36)} FA print ${frac(fp, 'print')}`,
      );
    }
  }
  // How well each score ranks live over spoof frames, whatever the threshold: the chance that a live
  // frame scores higher than a spoof frame (ties count half; frames without a face left out). 0.5: no better than a coin.
  const auc = (pos: number[], neg: number[]) => {
    let wins = 0;
    for (const a of pos) for (const b of neg) wins += a > b ? 1 : a === b ? 0.5 : 0;
    return pos.length && neg.length ? (wins / (pos.length * neg.length)).toFixed(2) : 'n/a';
  };
  const scores = (kind: (typeof kinds)[number], key: 'real' | 'live') =>
    rows.filter((r) => r.kind === kind && scored(r)).map((r) => r[key]!);
  console.log('\nP(live frame scores higher than spoof frame), frames with a face:');
  for (const key of ['real', 'live'] as const)
    console.log(
      `  ${key}: vs screen ${auc(scores('live', key), scores('screen', key))}, vs print ${auc(scores('live', key), scores('print', key))}`,
    );
  console.log(`\n* human's face-ID demo threshold. Per-frame scores: ${out}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
