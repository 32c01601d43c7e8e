// The face worker (docs/face.md, "Where the engine runs"): face-api and its backend in a dedicated
// worker, on OffscreenCanvas, so that neither starting the engine nor a detection holds the page's
// thread. Requests run one at a time, in order (features/face/components/engine-worker-client.ts sends
// them): 'code' imports face-api's bundle, 'backend' starts tfjs, 'net' builds a model from its
// weights (inflated here when the page sends them as downloaded), 'warm-up', 'detect' a picture (its
// pixels), 'describe' the face last found; 'cancel' drops requests not started yet and stops one under
// way at its next input size.
import {
  describeMarks,
  detectFaces,
  loadNet,
  pickBackend,
  warmUp,
  type FaceApi,
  type NetKey,
  type WasmKey,
} from '@/features/face/components/engine-core';

type Scope = { onmessage: ((e: MessageEvent) => void) | null; postMessage(message: unknown, transfer?: Transferable[]): void };
type Request =
  | { id: number; op: 'code'; url: string; slowdown: number }
  | { id: number; op: 'backend'; wasmKey: WasmKey | null; wasm: Uint8Array | null; packed: boolean; wasmUrls: Record<WasmKey, string> }
  | { id: number; op: 'net'; key: NetKey; bytes: Uint8Array; packed: boolean }
  | { id: number; op: 'warm-up' }
  | { id: number; op: 'detect'; width: number; height: number; pixels: ArrayBuffer; sizes: number[]; describe: boolean }
  | { id: number; op: 'describe'; frame: number }
  | { op: 'cancel'; ids: number[] };
type Marks = NonNullable<Awaited<ReturnType<typeof detectFaces>>['marks']>;

const scope = globalThis as unknown as Scope;
let faceapi: FaceApi | null = null;
let last: { frame: number; canvas: OffscreenCanvas; marks: Marks } | null = null;
const cancelled = new Set<number>();
let queue: Promise<unknown> = Promise.resolve();
/**
 * For measuring only (bench/phone-checkin.ts): each request's answer is held back until `slowdown`
 * times its duration has passed, as on a CPU that many times slower. The DevTools protocol slows a page's
 * thread but not a worker's ("Operation is only supported for pages, not workers"), and a bench whose
 * worker ran at full speed beside a page at 4× would flatter the worker.
 */
let slowdown = 1;

const api = (): FaceApi => {
  if (!faceapi) throw new Error('face-api not loaded');
  return faceapi;
};

/** face-api finds no browser here (no window, no document): it is told to draw on OffscreenCanvas. */
function offscreenEnv(fa: FaceApi) {
  class Absent {}
  const none = () => {
    throw new Error('not available in the face worker');
  };
  fa.env.setEnv({
    Canvas: OffscreenCanvas,
    CanvasRenderingContext2D: OffscreenCanvasRenderingContext2D,
    Image: Absent,
    ImageData,
    Video: Absent,
    createCanvasElement: () => new OffscreenCanvas(1, 1),
    createImageElement: none,
    createVideoElement: none,
    fetch: (url: string, init?: RequestInit) => fetch(url, init),
    readFile: none,
  } as unknown as Parameters<FaceApi['env']['setEnv']>[0]);
}

/** A file's bytes as sent (gzip), inflated here rather than on the page's thread. */
async function inflate(body: ReadableStream<BufferSource>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
}

/** The bytes the page sent: inflated already, or as sent (`packed`). */
const unpacked = (bytes: Uint8Array, packed: boolean) =>
  packed ? inflate(new Blob([bytes as BlobPart]).stream()) : Promise.resolve(bytes);

/** The wasm binary when the page did not send it (WebGL was expected to work but does not here). */
async function fetchWasm(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  return inflate(res.body);
}

/** Lets a 'cancel' message in between two input sizes. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

async function handle(msg: Exclude<Request, { op: 'cancel' }>): Promise<unknown> {
  switch (msg.op) {
    case 'code':
      slowdown = Math.min(Math.max(msg.slowdown || 1, 1), 10);
      faceapi = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ msg.url)) as FaceApi;
      offscreenEnv(faceapi);
      return null;
    case 'backend':
      return pickBackend(api().tf as never, msg.wasmKey !== null, (key) =>
        key === msg.wasmKey && msg.wasm ? unpacked(msg.wasm, msg.packed) : fetchWasm(msg.wasmUrls[key]),
      );
    case 'net':
      loadNet(api(), msg.key, await unpacked(msg.bytes, msg.packed));
      return null;
    case 'warm-up':
      await warmUp(api(), new OffscreenCanvas(64, 48));
      return null;
    case 'detect': {
      if (cancelled.delete(msg.id)) return { faces: 0, landmarks: null, descriptor: null, frame: msg.id };
      const canvas = new OffscreenCanvas(msg.width, msg.height);
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      if (!ctx) throw new Error('no 2d context on OffscreenCanvas');
      ctx.putImageData(new ImageData(new Uint8ClampedArray(msg.pixels), msg.width, msg.height), 0, 0);
      let first = true;
      const next = async () => {
        if (first) return !(first = false);
        await turn();
        return !cancelled.delete(msg.id);
      };
      const { detection, marks } = await detectFaces(api(), canvas, msg.sizes, msg.describe, next);
      last = marks ? { frame: msg.id, canvas, marks } : null;
      return { ...detection, frame: msg.id };
    }
    case 'describe':
      if (cancelled.delete(msg.id) || !last || last.frame !== msg.frame) return null;
      return describeMarks(api(), last.canvas, last.marks);
  }
}

scope.onmessage = (e: MessageEvent<Request>) => {
  const msg = e.data;
  if (msg.op === 'cancel') {
    for (const id of msg.ids) cancelled.add(id);
    return;
  }
  const arrived = performance.now();
  // How long the request waited behind others and how long it ran (before any slowdown), for the
  // benches' marks (features/face/components/engine-worker-client.ts).
  const times = { waited: 0, ran: 0 };
  queue = queue
    .then(async () => {
      const started = performance.now();
      times.waited = started - arrived;
      try {
        return await handle(msg);
      } finally {
        times.ran = performance.now() - started;
        if (slowdown > 1) await new Promise((resolve) => setTimeout(resolve, (slowdown - 1) * times.ran));
      }
    })
    .then(
      (value) => scope.postMessage({ id: msg.id, ok: true, value, ...times }),
      (err: unknown) => scope.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err), ...times }),
    );
};
