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

/** The service worker's cache of these files (public/sw.js, MODEL_CACHE). */
const MODEL_CACHE = 'absensi-models';

/**
 * Whether the page must put what it fetches into the model cache itself: no service worker controls it
 * yet (a first visit: the login page is usually faster than the worker's install), so the request goes
 * past the worker, which would keep nothing. Production only, where the worker is registered
 * (components/pwa/PwaClient.tsx).
 */
function storedByPage(): boolean {
  return (
    process.env.NODE_ENV === 'production' &&
    typeof caches !== 'undefined' &&
    'serviceWorker' in navigator &&
    !navigator.serviceWorker.controller
  );
}

/** "face_recognition.0123456789ab.bin" → "face_recognition": the name a newer version replaces (as public/sw.js does). */
const nameOf = (url: string) => new URL(url, location.href).pathname.slice(MODEL_URL.length + 1).replace(/\.[0-9a-f]{12}\.(bin|js)$/, '');

/** Stores a copy of the response as the service worker would, dropping older versions of the same file. */
function keep(url: string, res: Response) {
  if (!res.ok) return;
  const copy = res.clone();
  void (async () => {
    const cache = await caches.open(MODEL_CACHE);
    await cache.put(url, copy);
    for (const key of await cache.keys())
      if (key.url !== new URL(url, location.href).href && nameOf(key.url) === nameOf(url)) await cache.delete(key);
  })().catch(() => undefined);
}

/** A download of the prefetch, stopped when the login turns out not to be an employee's (features/face/components/prefetch.ts). */
let prefetchAbort: AbortController | null = null;

/** Stops the prefetch's downloads still under way (what has arrived stays cached). */
export function abortPrefetchDownloads() {
  prefetchAbort?.abort();
  prefetchAbort = null;
}

const prefetchSignal = () => (prefetchAbort ??= new AbortController()).signal;

async function fetchKept(url: string, init: RequestInit): Promise<Response> {
  const byPage = storedByPage();
  const res = await fetch(url, init);
  if (byPage) keep(url, res);
  return res;
}

/** Fetches the code to the end (the service worker, or the page, stores it) without running it. */
export function prefetchCode(): Promise<unknown> {
  codeFetch = fetchKept(CODE_URL, { priority: 'low', signal: prefetchSignal() }).then((r) => r.arrayBuffer());
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

let software: boolean | null = null;

/**
 * True when WebGL is missing or rendered on the CPU (SwiftShader, llvmpipe): WebAssembly is faster there.
 * Asked once per page (a WebGL context is not free to make; the prefetch, the warm-up and the engine ask).
 */
export function softwareWebGL(): boolean {
  software ??= probeWebGL();
  return software;
}

function probeWebGL(): boolean {
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
  // The prefetch's downloads (low priority) can be stopped; the dialog's cannot.
  const signal = priority === 'low' ? prefetchSignal() : undefined;
  const res = await fetchKept(modelUrl(key), { priority, credentials: 'same-origin', signal });
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
