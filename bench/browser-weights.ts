// The face models exactly as the browser gets them (public/models, features/face/lib/model-files.json: gzip,
// features/face/lib/compact-weights.mjs), unpacked into a folder in face-api's own layout (manifest + float32
// bin), so the server engine can run the browser's weights: setFaceModelDir(browserModelDir()).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'fflate';
import files from '@/features/face/lib/model-files.json';
import { decodeWeights } from '@/features/face/lib/compact-weights.mjs';

const NAMES = {
  detector: 'tiny_face_detector_model',
  landmarks: 'face_landmark_68_tiny_model',
  recognition: 'face_recognition_model',
} as const;

export function browserModelDir(): string {
  const dir = path.join(tmpdir(), `absensi-browser-models-${files.recognition.file.split('.')[1]}`);
  mkdirSync(dir, { recursive: true });
  for (const [key, name] of Object.entries(NAMES) as [keyof typeof NAMES, string][]) {
    const tensors = decodeWeights(gunzipSync(readFileSync(path.join('public', 'models', files[key].file))));
    const bin = Buffer.concat(tensors.map((t) => Buffer.from(t.values.buffer, t.values.byteOffset, t.values.byteLength)));
    writeFileSync(path.join(dir, `${name}.bin`), bin);
    const manifest = [{ paths: [`${name}.bin`], weights: tensors.map((t) => ({ name: t.name, shape: t.shape, dtype: 'float32' })) }];
    writeFileSync(path.join(dir, `${name}-weights_manifest.json`), JSON.stringify(manifest));
  }
  return dir;
}
