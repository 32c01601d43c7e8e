'use client';
// Downloads of the face engine's files (models and WebAssembly, public/models, names in
// features/face/lib/model-files.json): one download per file however many callers ask (the prefetch after login
// and the capture dialog share it), with the bytes received so far for the progress shown in the dialog.
// Small on purpose: the employee pages import it for the prefetch, without the face engine itself.
import files from '@/features/face/lib/model-files.json';

/** The binary files (models, WebAssembly); the code (face-api's bundle) is imported, not downloaded here. */
export type ModelKey = Exclude<keyof typeof files, 'code'>;
export const MODEL_URL = '/models';
/** face-api's browser bundle, loaded with import() (it stays out of the app's own chunks). */
export const CODE_URL = `${MODEL_URL}/${files.code.file}`;
let codeFetch: Promise<unknown> = Promise.resolve();

/** Fetches the code to the end (the service worker stores it) without running it. */
export function prefetchCode(): Promise<unknown> {
  codeFetch = fetch(CODE_URL, { priority: 'low' }).then((r) => r.arrayBuffer());
  return codeFetch;
}

/** A prefetch of the code under way: import() waits for it rather than fetching the same bytes again. */
export function codePrefetched(): Promise<unknown> {
  return codeFetch.catch(() => undefined);
}

/** promise null: received, then let go of (the caches keep the file). */
type Entry = { promise: Promise<Uint8Array> | null; loaded: number; total: number };
const entries = new Map<ModelKey, Entry>();
const listeners = new Set<() => void>();

export const modelUrl = (key: ModelKey) => `${MODEL_URL}/${files[key].file}`;

/** True when WebGL is missing or rendered on the CPU (SwiftShader, llvmpipe): WebAssembly is faster there. */
export function softwareWebGL(): boolean {
  const canvas = document.createElement('canvas');
  const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
  if (!gl) return true;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(renderer);
}

/** WebAssembly SIMD (tfjs picks its SIMD binary then): the same probe as @tensorflow/tfjs-backend-wasm's. */
export function wasmSimd(): boolean {
  try {
    return WebAssembly.validate(
      new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]),
    );
  } catch {
    return false;
  }
}

/** What this device needs: the three models, and the WebAssembly engine where WebGL is software. */
export function neededFiles(): ModelKey[] {
  const keys: ModelKey[] = ['detector', 'landmarks', 'recognition'];
  if (softwareWebGL()) keys.unshift(wasmSimd() ? 'wasmSimd' : 'wasm');
  return keys;
}

function notify() {
  for (const l of listeners) l();
}

export function onDownloadProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Bytes received and expected, over the files given. */
export function downloadProgress(keys: readonly ModelKey[]): { loaded: number; total: number } {
  let loaded = 0;
  let total = 0;
  for (const key of keys) {
    const e = entries.get(key);
    total += e?.total ?? files[key].bytes;
    loaded += e ? e.loaded : 0;
  }
  return { loaded, total };
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  if (typeof DecompressionStream === 'function') {
    const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const { gunzipSync } = await import('fflate');
  return gunzipSync(bytes);
}

async function get(key: ModelKey, entry: Entry, priority: RequestPriority): Promise<Uint8Array> {
  const res = await fetch(modelUrl(key), { priority, credentials: 'same-origin' });
  if (!res.ok || !res.body) throw new Error(`${modelUrl(key)}: ${res.status}`);
  entry.total = Number(res.headers.get('content-length')) || entry.total;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    entry.loaded += value.length;
    notify();
  }
  const bytes = new Uint8Array(entry.loaded);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.length;
  }
  return bytes;
}

/** The file's inflated bytes; a download already under way (e.g. the prefetch) is joined, not repeated. */
export function download(key: ModelKey, priority: RequestPriority = 'high'): Promise<Uint8Array> {
  return fetchOnce(key, priority).then(inflate);
}

/** The file's bytes as sent (gzip), kept so until the engine takes them. */
export function fetchOnce(key: ModelKey, priority: RequestPriority = 'high'): Promise<Uint8Array> {
  const known = entries.get(key);
  if (known?.promise) return known.promise;
  const entry: Entry = { promise: null, loaded: 0, total: files[key].bytes };
  const promise = get(key, entry, priority);
  entry.promise = promise;
  promise.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
    notify();
  });
  entries.set(key, entry);
  notify();
  return promise;
}

/** Lets go of a file's bytes once the engine holds them (the service worker and HTTP cache keep the file). */
export function release(key: ModelKey) {
  const entry = entries.get(key);
  if (entry) entry.promise = null;
}
