// Copies the face-api model weights the browser needs into public/models, so the app serves them itself
// (no third-party host). Runs from scripts/prepare.mjs before dev, build and start.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = path.join('node_modules', '@vladmandic', 'face-api', 'model');
const TARGET = path.join('public', 'models');
const MODELS = ['tiny_face_detector_model', 'face_landmark_68_tiny_model', 'face_recognition_model'];

if (!existsSync(SOURCE)) {
  console.warn(`[face-models] ${SOURCE} not found; face capture will not work until dependencies are installed`);
} else {
  mkdirSync(TARGET, { recursive: true });
  for (const model of MODELS) {
    for (const file of [`${model}-weights_manifest.json`, `${model}.bin`]) {
      const from = path.join(SOURCE, file);
      const to = path.join(TARGET, file);
      if (!existsSync(to) || statSync(to).size !== statSync(from).size) copyFileSync(from, to);
    }
  }
}
