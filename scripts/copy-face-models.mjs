// Copies the face-api model weights the browser needs into public/models, so the app serves them itself
// (no third-party host). Runs from scripts/prepare.mjs before dev, build and start.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = path.join('node_modules', '@vladmandic', 'face-api', 'model');
const TARGET = path.join('public', 'models');
const MODELS = ['tiny_face_detector_model', 'face_landmark_68_tiny_model', 'face_recognition_model'];
// TensorFlow.js' WebAssembly backend, used by devices whose WebGL is software-rendered.
const WASM_SOURCE = path.join('node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist');
const WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];

function copyIfChanged(from, to) {
  if (!existsSync(to) || statSync(to).size !== statSync(from).size) copyFileSync(from, to);
}

if (!existsSync(SOURCE)) {
  console.warn(`[face-models] ${SOURCE} not found; face capture will not work until dependencies are installed`);
} else {
  mkdirSync(TARGET, { recursive: true });
  for (const model of MODELS) {
    for (const file of [`${model}-weights_manifest.json`, `${model}.bin`]) copyIfChanged(path.join(SOURCE, file), path.join(TARGET, file));
  }
  for (const file of WASM_FILES) if (existsSync(path.join(WASM_SOURCE, file))) copyIfChanged(path.join(WASM_SOURCE, file), path.join(TARGET, file));
}
