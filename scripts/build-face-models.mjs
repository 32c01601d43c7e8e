// Writes the files the browser's face engine downloads into public/models, each named after a hash of
// its content so that a URL never changes meaning: the service worker and the HTTP cache keep a file
// across deployments until it changes (public/sw.js, next.config.mjs). Runs from scripts/prepare.mjs
// before dev, build and start; deterministic (same inputs, same bytes, same names).
//
// - Models (face-api's tiny face detector, tiny 68-point landmarks, recognition net): re-packed into one
//   gzip file each (features/face/lib/compact-weights.mjs). The detector's and the landmarks' weights keep face-api's
//   8-bit codes bit for bit; the recognition net's large convolutions are re-quantized per output channel
//   (RECOGNITION below; measured in docs/face.md).
// - TensorFlow.js' WebAssembly binaries (plain and SIMD), gzip.
// - face-api's browser bundle itself (face-api.<hash>.js).
// The names go to features/face/lib/model-files.json, which the browser imports. It is checked in: when the
// files change (new face-api or tfjs, another recipe) this script rewrites it and says so; commit it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'fflate';
import { encodeWeights } from '../features/face/lib/compact-weights.mjs';

const SOURCE = path.join('node_modules', '@vladmandic', 'face-api', 'model');
const WASM_SOURCE = path.join('node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist');
const TARGET = path.join('public', 'models');
const LIST = path.join('features', 'face', 'lib', 'model-files.json');

const MODELS = [
  ['detector', 'tiny_face_detector_model'],
  ['landmarks', 'face_landmark_68_tiny_model'],
  ['recognition', 'face_recognition_model'],
];
// Multi-threaded wasm needs cross-origin isolation, which the app does not have: not shipped.
const WASM = [
  ['wasm', 'tfjs-backend-wasm.wasm'],
  ['wasmSimd', 'tfjs-backend-wasm-simd.wasm'],
];

/**
 * The recognition net's recipe: which convolutions' filters are re-quantized, with a step per output
 * channel of STEP × that channel's standard deviation (codes centred on zero, entropy-coded by gzip).
 * The 128- and 256-channel blocks are 95 % of the weights; the 64-channel block, shipped as float32,
 * gets a fine step; the 32-channel block and the last layer keep face-api's codes. Chosen by measuring
 * size against descriptor drift (docs/face.md).
 */
const RECOGNITION = [
  [/^conv(128|256)/, 0.5],
  [/^conv64/, 0.15],
];

/** face-api's weights as shipped: per tensor its shape, its 8-bit codes (or float32 values). */
function readModel(name) {
  const manifest = JSON.parse(readFileSync(path.join(SOURCE, `${name}-weights_manifest.json`), 'utf8'));
  const tensors = [];
  for (const group of manifest) {
    const bin = Buffer.concat(group.paths.map((p) => readFileSync(path.join(SOURCE, p))));
    let offset = 0;
    for (const w of group.weights) {
      const n = w.shape.reduce((a, b) => a * b, 1);
      const q = w.quantization;
      if (q && q.dtype !== 'uint8') throw new Error(`${name}/${w.name}: ${q.dtype} quantization not handled`);
      if (q) {
        tensors.push({
          name: w.name,
          shape: w.shape,
          kind: 'u8',
          codes: new Uint8Array(bin.subarray(offset, offset + n)),
          min: q.min,
          scale: q.scale,
        });
        offset += n;
      } else {
        const values = new Float32Array(n);
        for (let i = 0; i < n; i++) values[i] = bin.readFloatLE(offset + 4 * i);
        tensors.push({ name: w.name, shape: w.shape, kind: 'f32', values });
        offset += 4 * n;
      }
    }
  }
  return tensors;
}

const valuesOf = (t) => (t.kind === 'f32' ? t.values : Float32Array.from(t.codes, (c) => t.min + t.scale * c));

/** Per output channel: step = STEP × σ, code = round(value / step) + 128 (clamped to 0..255). */
function quantizePerChannel(t, stepFactor) {
  const values = valuesOf(t);
  const channels = t.shape[t.shape.length - 1];
  const min = new Float32Array(channels);
  const step = new Float32Array(channels);
  const codes = new Uint8Array(values.length);
  for (let ch = 0; ch < channels; ch++) {
    let sum = 0;
    let squares = 0;
    let count = 0;
    for (let i = ch; i < values.length; i += channels) {
      sum += values[i];
      squares += values[i] * values[i];
      count++;
    }
    const mean = sum / count;
    const sigma = Math.sqrt(Math.max(squares / count - mean * mean, 1e-30));
    step[ch] = stepFactor * sigma;
    min[ch] = -128 * step[ch];
    for (let i = ch; i < values.length; i += channels) codes[i] = Math.max(0, Math.min(255, Math.round(values[i] / step[ch]) + 128));
  }
  return { name: t.name, shape: t.shape, kind: 'u8c', min, step, codes };
}

function recognitionTensors() {
  return readModel('face_recognition_model').map((t) => {
    const rule = t.shape.length === 4 && RECOGNITION.find(([layers]) => layers.test(t.name));
    return rule ? quantizePerChannel(t, rule[1]) : t;
  });
}

const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);
const gzip = (bytes) => gzipSync(bytes, { level: 9, mtime: 0 });

function build() {
  const files = {};
  const outputs = [];
  for (const [key, name] of MODELS) {
    const tensors = key === 'recognition' ? recognitionTensors() : readModel(name);
    outputs.push([key, name.replace(/_model$/, ''), 'bin', gzip(encodeWeights(tensors))]);
  }
  for (const [key, file] of WASM) outputs.push([key, file.replace(/\.wasm$/, ''), 'bin', gzip(readFileSync(path.join(WASM_SOURCE, file)))]);
  // face-api's browser bundle (TensorFlow.js included), loaded with import(): a script, so not gzip here
  // (the server compresses it on the way); prefetched like the models, never run before it is needed.
  outputs.push(['code', 'face-api', 'js', readFileSync(path.join(SOURCE, '..', 'dist', 'face-api.esm.js'))]);
  mkdirSync(TARGET, { recursive: true });
  const keep = new Set();
  for (const [key, base, ext, bytes] of outputs) {
    const file = `${base}.${hash(bytes)}.${ext}`;
    keep.add(file);
    if (!existsSync(path.join(TARGET, file))) writeFileSync(path.join(TARGET, file), bytes);
    files[key] = { file, bytes: bytes.length };
  }
  // Older files (and face-api's own layout, used before): this folder holds only the current ones.
  for (const f of readdirSync(TARGET)) if (!keep.has(f)) rmSync(path.join(TARGET, f), { recursive: true, force: true });
  const list = `${JSON.stringify(files, null, 2)}\n`;
  if (!existsSync(LIST) || readFileSync(LIST, 'utf8') !== list) {
    writeFileSync(LIST, list);
    console.warn(`[face-models] ${LIST} updated: the model files changed; commit it`);
  }
}

if (!existsSync(SOURCE) || !existsSync(WASM_SOURCE)) {
  console.warn(`[face-models] ${SOURCE} or ${WASM_SOURCE} not found; face capture will not work until dependencies are installed`);
} else {
  build();
}
