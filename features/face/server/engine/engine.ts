// The server's face engine: face-api (tiny face detector, tiny landmarks, recognition net) on the
// tfjs WebAssembly backend, running in worker threads (detect-thread.mjs) so the CPU-heavy
// detection never blocks the event loop that serves check-ins. FACE_ENGINE_THREADS threads per
// process (default: one per core, at most 4), each started on first use (about a second: wasm +
// models), restarted if it dies; a detection goes to the thread with the fewest waiting.
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import path from 'node:path';
import { getEnv } from '@/lib/env';

export type DetectedFace = {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  descriptor: number[];
};

export type Engine = { detect(image: Buffer, inputSize?: number): Promise<DetectedFace[]> };

/** The tiny detector's input size and minimum score: the same settings the browser uses. */
export const DETECTOR_INPUT_SIZE = 416;
export const DETECTOR_MIN_SCORE = 0.5;

type Pending = { resolve: (faces: DetectedFace[]) => void; reject: (err: Error) => void };
type Message =
  { type: 'ready' } | { type: 'fatal'; error: string } | { type: 'result'; id: number; faces?: DetectedFace[]; error?: string };
type State = { worker: Worker; ready: Promise<void>; pending: Map<number, Pending>; nextId: number };

const holder = globalThis as typeof globalThis & { __absensiFaceEngine?: (State | undefined)[] };
/** Where the thread loads its models from: face-api's own (null), or a folder in face-api's format. */
let modelDir: string | null = null;

/**
 * Benches only: load the models from `dir` (face-api's manifest + bin layout) from the next start on,
 * e.g. the browser's weights (bench/browser-weights.ts). null: face-api's own, the app's default.
 */
export function setFaceModelDir(dir: string | null) {
  modelDir = dir;
}

/** Engine threads of this process: FACE_ENGINE_THREADS, else one per core (at most 4). */
export function engineThreadCount(): number {
  return getEnv().FACE_ENGINE_THREADS ?? Math.min(4, os.availableParallelism());
}

function start(slot: number): State {
  const root = process.cwd();
  // Plain .mjs started by Node itself, not bundled: found from the app's root directory.
  const worker = new Worker(path.join(root, 'features', 'face', 'server', 'engine', 'detect-thread.mjs'), {
    workerData: { root, modelDir },
    execArgv: [],
  });
  worker.unref();
  const pending = new Map<number, Pending>();
  let markReady: () => void = () => undefined;
  let fail: (err: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    fail = reject;
  });
  ready.catch(() => undefined);
  const state: State = { worker, ready, pending, nextId: 1 };
  const die = (err: Error) => {
    if (holder.__absensiFaceEngine?.[slot] === state) holder.__absensiFaceEngine[slot] = undefined;
    fail(err);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('message', (msg: Message) => {
    if (msg.type === 'ready') return markReady();
    if (msg.type === 'fatal') {
      die(new Error(`face engine failed to load: ${msg.error}`));
      void worker.terminate();
      return;
    }
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error) p.reject(new Error(msg.error));
    else p.resolve(msg.faces ?? []);
  });
  worker.on('error', (err) => die(err));
  worker.on('exit', (code) => die(new Error(`face engine thread exited (${code})`)));
  return state;
}

function thread(slot: number): State {
  const pool = (holder.__absensiFaceEngine ??= new Array(engineThreadCount()).fill(undefined));
  return (pool[slot] ??= start(slot));
}

/** The thread with the fewest detections waiting; an idle slot starts its thread. */
function leastBusy(): State {
  const pool = (holder.__absensiFaceEngine ??= new Array(engineThreadCount()).fill(undefined));
  let best = 0;
  for (let i = 0; i < pool.length; i++) {
    const load = pool[i]?.pending.size ?? 0;
    if (load === 0) return thread(i);
    if (load < (pool[best]?.pending.size ?? 0)) best = i;
  }
  return thread(best);
}

function detect(image: Buffer, inputSize = DETECTOR_INPUT_SIZE): Promise<DetectedFace[]> {
  const s = leastBusy();
  const id = s.nextId++;
  return new Promise<DetectedFace[]>((resolve, reject) => {
    s.pending.set(id, { resolve, reject });
    s.worker.postMessage({ id, image: new Uint8Array(image), inputSize, minScore: DETECTOR_MIN_SCORE });
  });
}

/** Resolves once the engine's first thread has loaded its models (the others start when needed). */
export async function faceEngine(): Promise<Engine> {
  await thread(0).ready;
  return { detect };
}

/** Stops the engine's threads (the next use starts new ones). */
export async function stopFaceEngine(): Promise<void> {
  const pool = holder.__absensiFaceEngine ?? [];
  holder.__absensiFaceEngine = undefined;
  await Promise.all(pool.map((s) => s?.worker.terminate()));
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
