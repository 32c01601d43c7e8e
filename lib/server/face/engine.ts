// face-api in Node on the tfjs WebAssembly backend: no native binary, no download.
// The wasm backend fetches its .wasm through tf.env().platform.fetch, which cannot read a file
// path, so that fetch is replaced by one that serves the bytes from node_modules.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import jpeg from 'jpeg-js';

type FaceApi = typeof import('@vladmandic/face-api');
type Tf = typeof import('@tensorflow/tfjs');

export type DetectedFace = {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  descriptor: number[];
};

export type Engine = { faceapi: FaceApi; tf: Tf; detect(image: Buffer, inputSize?: number): Promise<DetectedFace[]> };

/** The tiny detector's input size and minimum score: the same settings the browser uses. */
export const DETECTOR_INPUT_SIZE = 416;
export const DETECTOR_MIN_SCORE = 0.5;
/** Decoding limit: a larger JPEG is refused before it can exhaust memory. */
const MAX_PIXELS = 4096 * 4096;

const holder = globalThis as typeof globalThis & { __absensiFaceEngine?: Promise<Engine> };

function packageDir(name: string): string {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  return path.dirname(require.resolve(`${name}/package.json`));
}

function fileFetch(url: string): Promise<Response> {
  return readFile(url).then(
    (bytes) => new Response(bytes, { status: 200, headers: { 'content-type': 'application/wasm' } }),
    () => new Response(null, { status: 404 }),
  );
}

async function load(): Promise<Engine> {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  // The same module instance face-api itself requires.
  const tf = require('@tensorflow/tfjs') as Tf;
  const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
  const wasmDir = path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist');
  wasm.setWasmPaths(
    {
      'tfjs-backend-wasm.wasm': path.join(wasmDir, 'tfjs-backend-wasm.wasm'),
      'tfjs-backend-wasm-simd.wasm': path.join(wasmDir, 'tfjs-backend-wasm-simd.wasm'),
      'tfjs-backend-wasm-threaded-simd.wasm': path.join(wasmDir, 'tfjs-backend-wasm-threaded-simd.wasm'),
    },
    true,
  );
  tf.env().platform.fetch = fileFetch as unknown as ReturnType<Tf['env']>['platform']['fetch'];
  // Worker threads would need a Blob URL worker script, which Node cannot start.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await tf.setBackend('wasm');
  await tf.ready();
  const modelDir = path.join(packageDir('@vladmandic/face-api'), 'model');
  await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68TinyNet.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);

  async function detect(image: Buffer, inputSize = DETECTOR_INPUT_SIZE): Promise<DetectedFace[]> {
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: DETECTOR_MIN_SCORE });
    const decoded = jpeg.decode(image, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: MAX_PIXELS / 1e6 });
    const tensor = tf.tensor3d(decoded.data, [decoded.height, decoded.width, 3], 'int32');
    try {
      const results = await faceapi
        .detectAllFaces(tensor as unknown as Parameters<FaceApi['detectAllFaces']>[0], options)
        .withFaceLandmarks(true)
        .withFaceDescriptors();
      return results.map((r) => ({
        box: { x: r.detection.box.x, y: r.detection.box.y, width: r.detection.box.width, height: r.detection.box.height },
        score: r.detection.score,
        descriptor: Array.from(r.descriptor),
      }));
    } finally {
      tensor.dispose();
    }
  }
  return { faceapi, tf, detect };
}

/** One engine per process, loaded on first use (about a second: models + wasm). */
export function faceEngine(): Promise<Engine> {
  holder.__absensiFaceEngine ??= load().catch((err) => {
    holder.__absensiFaceEngine = undefined;
    throw err;
  });
  return holder.__absensiFaceEngine;
}

/** Other input sizes tried when the first finds nothing: the tiny detector misses some faces at one scale. */
const FALLBACK_SIZES = [320, 512];

/**
 * Every face in a JPEG. A face missed at the default scale is looked for at two more before the photo
 * counts as faceless, so "no face" means no face, not an unlucky scale.
 */
export async function findFaces(image: Buffer): Promise<DetectedFace[]> {
  const engine = await faceEngine();
  let faces = await engine.detect(image);
  for (const size of FALLBACK_SIZES) {
    if (faces.length) break;
    faces = await engine.detect(image, size);
  }
  return faces;
}
