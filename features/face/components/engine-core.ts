// The face engine's work, one code for both places it runs (docs/face.md, "Where the engine runs"): in
// the face worker (features/face/components/engine.worker.ts, OffscreenCanvas) and in the page
// (features/face/components/engine-page.ts, where the browser has no OffscreenCanvas or the worker
// failed). Same backend choice, same weights, same detector settings, same canvases: the same pixels
// give the same landmarks and descriptors in either place. No DOM here (the worker has none).
import { decodeWeights } from '@/features/face/lib/compact-weights.mjs';

export type FaceApi = typeof import('@vladmandic/face-api');
export type Tf = {
  setWasmPaths(paths: Record<string, string>, usePlatformFetch?: boolean): void;
  setBackend(name: string): Promise<boolean>;
  getBackend(): string;
  ready(): Promise<void>;
  env(): { set(flag: string, value: boolean): void; platform: { fetch(url: string, init?: RequestInit): Promise<Response> } };
  tensor(values: Float32Array, shape: number[], dtype: 'float32'): unknown;
};
type Net = { loadFromWeightMap(map: Record<string, unknown>): void };
/** A canvas face-api reads: the page's HTMLCanvasElement, or the worker's OffscreenCanvas. */
export type EngineCanvas = HTMLCanvasElement | OffscreenCanvas;
export type Point = { x: number; y: number };
export type NetKey = 'detector' | 'landmarks' | 'recognition';
export type WasmKey = 'wasm' | 'wasmSimd';
/** faces: how many at the first input size that found any (or the last tried); landmarks (and the descriptor when asked) of exactly one. */
export type Detection = { faces: number; landmarks: Point[] | null; descriptor: number[] | null };
type Marks = { positions: Point[]; align(box: null, opts: { useDlibAlignment: boolean }): unknown };

/** The detector's input size of a photo: the same as the server engine's, so browser and server descriptors agree. */
export const PHOTO_INPUT_SIZE = 416;
export const WASM_NAMES: Record<WasmKey, string> = { wasm: 'tfjs-backend-wasm.wasm', wasmSimd: 'tfjs-backend-wasm-simd.wasm' };
// tfjs wants a path for each of its binaries; the multi-threaded one is never asked for (see below).
const THREADED = 'tfjs-backend-wasm-threaded-simd.wasm';

/**
 * WebGL on a real GPU, else WebAssembly, else plain JavaScript; WebAssembly first when `wasmFirst` (WebGL
 * is software-rendered here). tfjs gets the wasm binary through its platform fetch, from `wasmBytes`.
 */
export async function pickBackend(tf: Tf, wasmFirst: boolean, wasmBytes: (key: WasmKey) => Promise<Uint8Array>): Promise<string> {
  const paths: Record<string, string> = {};
  for (const [key, name] of Object.entries(WASM_NAMES)) paths[name] = `/models/${key}`;
  paths[THREADED] = '/models/none';
  try {
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false); // needs cross-origin isolation, which the app has not
  } catch (err) {
    console.warn('[face]', err);
  }
  try {
    tf.setWasmPaths(paths, true);
  } catch {
    /* already initialised by an earlier attempt */
  }
  const platform = tf.env().platform;
  const networkFetch = platform.fetch.bind(platform);
  platform.fetch = async (url, init) => {
    const key = (Object.keys(WASM_NAMES) as WasmKey[]).find((k) => url === `/models/${k}`);
    if (!key) return networkFetch(url, init);
    return new Response((await wasmBytes(key)) as BodyInit, { headers: { 'content-type': 'application/wasm' } });
  };
  for (const name of wasmFirst ? ['wasm', 'webgl', 'cpu'] : ['webgl', 'wasm', 'cpu']) {
    try {
      if (await tf.setBackend(name)) break;
    } catch (err) {
      console.warn(`[face] backend ${name} unavailable`, err);
    }
  }
  await tf.ready();
  return tf.getBackend();
}

const NETS: Record<NetKey, 'tinyFaceDetector' | 'faceLandmark68TinyNet' | 'faceRecognitionNet'> = {
  detector: 'tinyFaceDetector',
  landmarks: 'faceLandmark68TinyNet',
  recognition: 'faceRecognitionNet',
};

/** One model from its inflated compact weights (features/face/lib/compact-weights.mjs). */
export function loadNet(faceapi: FaceApi, key: NetKey, bytes: Uint8Array): void {
  const tf = faceapi.tf as unknown as Tf;
  const map: Record<string, unknown> = {};
  for (const t of decodeWeights(bytes)) map[t.name] = tf.tensor(t.values, t.shape, 'float32');
  (faceapi.nets[NETS[key]] as unknown as Net).loadFromWeightMap(map);
}

/** WebGL compiles its GPU programs on the first run (seconds on a slow phone): done once, on a blank picture. WebAssembly has nothing to compile. */
export async function warmUp(faceapi: FaceApi, blank: EngineCanvas): Promise<void> {
  if ((faceapi.tf as unknown as Tf).getBackend() !== 'webgl') return;
  try {
    await faceapi.detectAllFaces(blank as HTMLCanvasElement, new faceapi.TinyFaceDetectorOptions({ inputSize: PHOTO_INPUT_SIZE }));
  } catch (err) {
    console.warn('[face] warm-up failed', err);
  }
}

/**
 * Faces at each input size in turn until one finds any (a frame at 224, then 416; a photo at 416): the
 * landmarks of exactly one face, and its descriptor when `describe`. `marks` lets `describeMarks`
 * compute the descriptor later without detecting again. `next()` false between sizes: give up.
 */
export async function detectFaces(
  faceapi: FaceApi,
  canvas: EngineCanvas,
  sizes: readonly number[],
  describe: boolean,
  next: () => boolean | Promise<boolean> = () => true,
): Promise<{ detection: Detection; marks: Marks | null }> {
  let faces = 0;
  for (const inputSize of sizes) {
    if (!(await next())) break;
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: 0.5 });
    const base = faceapi.detectAllFaces(canvas as HTMLCanvasElement, options).withFaceLandmarks(true);
    const results = describe ? await base.withFaceDescriptors() : await base;
    faces = results.length;
    if (!faces) continue;
    const only = faces === 1 ? results[0] : undefined;
    if (!only) break;
    const marks = only.landmarks as unknown as Marks;
    const descriptor = 'descriptor' in only ? Array.from(only.descriptor as Float32Array) : null;
    return { detection: { faces, landmarks: marks.positions.map((p) => ({ x: p.x, y: p.y })), descriptor }, marks };
  }
  return { detection: { faces, landmarks: null, descriptor: null }, marks: null };
}

/**
 * The descriptor of a face already found on this canvas, from its landmarks as face-api's
 * withFaceDescriptors() computes it (the same aligned crop), without detecting it again.
 */
export async function describeMarks(faceapi: FaceApi, canvas: EngineCanvas, marks: Marks): Promise<number[] | null> {
  const box = marks.align(null, { useDlibAlignment: true });
  const [face] = await faceapi.extractFaces(canvas as HTMLCanvasElement, [box as Parameters<FaceApi['extractFaces']>[1][number]]);
  if (!face) return null;
  const descriptor = (await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(face)) as Float32Array;
  return Array.from(descriptor);
}
