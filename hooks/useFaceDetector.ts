'use client';
// Face detection and the 128-d descriptor in the browser with @vladmandic/face-api. The library (its
// browser bundle), the WebAssembly engine and the models (public/models, scripts/build-face-models.mjs) load lazily,
// once, when a capture dialog first opens, all at the same time; the models may already be on their
// way or cached (features/face/components/FaceModelPrefetch.tsx).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { decodeWeights } from '@/features/face/lib/compact-weights.mjs';
import {
  CODE_URL,
  codePrefetched,
  download,
  downloadProgress,
  neededFiles,
  onDownloadProgress,
  release,
  type ModelKey,
} from '@/features/face/components/model-download';

type FaceApi = typeof import('@vladmandic/face-api');
type Tf = {
  setWasmPaths(paths: Record<string, string>, usePlatformFetch?: boolean): void;
  setBackend(name: string): Promise<boolean>;
  getBackend(): string;
  ready(): Promise<void>;
  env(): { set(flag: string, value: boolean): void; platform: { fetch(url: string, init?: RequestInit): Promise<Response> } };
  tensor(values: Float32Array, shape: number[], dtype: 'float32'): unknown;
};
type Net = { loadFromWeightMap(map: Record<string, unknown>): void };

// The same detector size as the server engine, so browser and server descriptors of a photo agree.
const INPUT_SIZE = 416;
const WASM_NAMES: Partial<Record<ModelKey, string>> = { wasm: 'tfjs-backend-wasm.wasm', wasmSimd: 'tfjs-backend-wasm-simd.wasm' };
// tfjs wants a path for each of its binaries; the multi-threaded one is never asked for (see below).
const THREADED = 'tfjs-backend-wasm-threaded-simd.wasm';
let loading: Promise<FaceApi> | null = null;
let files: ModelKey[] | null = null;

/** The files this device downloads (fixed on first use). */
function deviceFiles(): ModelKey[] {
  files ??= neededFiles();
  return files;
}

/**
 * WebGL on a real GPU, else WebAssembly, else plain JavaScript. The wasm binary was downloaded with the
 * models (gzip, our URL): tfjs gets it through its platform fetch, which it uses when told to.
 */
async function pickBackend(tf: Tf, wasm: Promise<Uint8Array> | null): Promise<void> {
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
    const key = Object.keys(WASM_NAMES).find((k) => url === `/models/${k}`) as ModelKey | undefined;
    if (!key) return networkFetch(url, init);
    const bytes = await (wasm && deviceFiles().includes(key) ? wasm : download(key));
    return new Response(bytes as BodyInit, { headers: { 'content-type': 'application/wasm' } });
  };
  const order = wasm ? ['wasm', 'webgl', 'cpu'] : ['webgl', 'wasm', 'cpu'];
  for (const name of order) {
    try {
      if (await tf.setBackend(name)) break;
    } catch (err) {
      console.warn(`[face] backend ${name} unavailable`, err);
    }
  }
  await tf.ready();
}

async function loadNet(tf: Tf, net: Net, key: ModelKey, bytes: Promise<Uint8Array>) {
  const map: Record<string, unknown> = {};
  for (const t of decodeWeights(await bytes)) map[t.name] = tf.tensor(t.values, t.shape, 'float32');
  net.loadFromWeightMap(map);
  release(key);
}

export function loadFaceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    performance.mark('face:load-start');
    const keys = deviceFiles();
    const wasmKey = keys.find((k) => k in WASM_NAMES);
    // Everything at once: the code, the WebAssembly engine and the three models.
    const wasm = wasmKey ? download(wasmKey) : null;
    const models = { detector: download('detector'), landmarks: download('landmarks'), recognition: download('recognition') };
    // face-api's own browser bundle, from /models like the models (prefetched and cached the same way).
    await codePrefetched();
    const faceapi = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ CODE_URL)) as FaceApi;
    performance.measure('face:code', 'face:load-start');
    const tf = faceapi.tf as unknown as Tf;
    await pickBackend(tf, wasm);
    if (wasmKey) release(wasmKey);
    performance.measure('face:engine', 'face:load-start');
    await Promise.all([
      loadNet(tf, faceapi.nets.tinyFaceDetector as unknown as Net, 'detector', models.detector),
      loadNet(tf, faceapi.nets.faceLandmark68TinyNet as unknown as Net, 'landmarks', models.landmarks),
      loadNet(tf, faceapi.nets.faceRecognitionNet as unknown as Net, 'recognition', models.recognition),
    ]);
    performance.measure('face:models', 'face:load-start');
    if (tf.getBackend() === 'webgl') {
      // Warm-up: the first run on WebGL compiles the GPU programs (seconds on a slow phone); do it while
      // the user is still framing their face. WebAssembly has nothing to compile: no warm-up there.
      const blank = document.createElement('canvas');
      blank.width = 64;
      blank.height = 48;
      try {
        await faceapi.detectAllFaces(blank, new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE }));
      } catch (err) {
        console.warn('[face] warm-up failed', err);
      }
    }
    return faceapi;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

export type FaceScan = { faces: number; descriptor: number[] | null };

/** Every face in the image; the descriptor only when there is exactly one. */
export async function scanFaces(input: HTMLCanvasElement | HTMLImageElement | HTMLVideoElement): Promise<FaceScan> {
  const faceapi = await loadFaceApi();
  performance.mark('face:scan-start');
  const options = new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: 0.5 });
  const results = await faceapi.detectAllFaces(input, options).withFaceLandmarks(true).withFaceDescriptors();
  const scan = performance.measure('face:scan', 'face:scan-start');
  console.debug('[face]', (faceapi.tf as unknown as Tf).getBackend(), `${results.length} face(s)`, `${Math.round(scan.duration)} ms`);
  const only = results.length === 1 ? results[0] : undefined;
  return { faces: results.length, descriptor: only ? Array.from(only.descriptor) : null };
}

/** Bytes of the face engine's files received so far, while they load. */
function useDownloadProgress(active: boolean) {
  const subscribe = useCallback((cb: () => void) => onDownloadProgress(cb), []);
  const snapshot = useCallback(() => {
    if (!active) return '';
    const { loaded, total } = downloadProgress(deviceFiles());
    return `${loaded}/${total}`;
  }, [active]);
  const value = useSyncExternalStore(subscribe, snapshot, () => '');
  if (!value) return null;
  const [loaded, total] = value.split('/').map(Number) as [number, number];
  return { loaded: Math.min(loaded, total), total };
}

/** Starts loading the models when `enabled` becomes true; `scan` waits for them if needed. */
export function useFaceDetector(enabled: boolean) {
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const progress = useDownloadProgress(enabled && !ready && !error);

  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    loadFaceApi().then(
      () => alive && setReady(true),
      (err) => {
        console.error('[face]', err);
        if (alive) setError('Model pengenalan wajah gagal dimuat');
      },
    );
    return () => {
      alive = false;
    };
  }, [enabled]);

  const scan = useCallback((input: HTMLCanvasElement) => scanFaces(input), []);
  return { ready, error, progress, scan };
}
