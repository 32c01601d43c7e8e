'use client';
// Face detection and the 128-d descriptor in the browser with @vladmandic/face-api. The library and
// its models (served by the app from /models) load lazily, once, when a capture dialog first opens.
import { useCallback, useEffect, useState } from 'react';

type FaceApi = typeof import('@vladmandic/face-api');

export const MODEL_URL = '/models';
// The same detector size as the server engine, so browser and server descriptors of a photo agree.
const INPUT_SIZE = 416;
let loading: Promise<FaceApi> | null = null;

type Tf = {
  setWasmPaths(prefix: string): void;
  setBackend(name: string): Promise<boolean>;
  getBackend(): string;
  ready(): Promise<void>;
};

/** True when WebGL is missing or rendered on the CPU (SwiftShader, llvmpipe): WebAssembly is faster there. */
function softwareWebGL(): boolean {
  const canvas = document.createElement('canvas');
  const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
  if (!gl) return true;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(renderer);
}

/** WebGL on a real GPU, else WebAssembly (binaries served from /models), else plain JavaScript. */
async function pickBackend(tf: Tf): Promise<void> {
  try {
    tf.setWasmPaths(`${MODEL_URL}/`);
  } catch {
    /* already initialised by an earlier attempt */
  }
  const order = softwareWebGL() ? ['wasm', 'webgl', 'cpu'] : ['webgl', 'wasm', 'cpu'];
  for (const name of order) {
    try {
      if (await tf.setBackend(name)) break;
    } catch (err) {
      console.warn(`[face] backend ${name} unavailable`, err);
    }
  }
  await tf.ready();
}

export function loadFaceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    const faceapi = await import('@vladmandic/face-api');
    await pickBackend(faceapi.tf as unknown as Tf);
    await Promise.all([
      faceapi.nets.tinyFaceDetector.loadFromUri(MODEL_URL),
      faceapi.nets.faceLandmark68TinyNet.loadFromUri(MODEL_URL),
      faceapi.nets.faceRecognitionNet.loadFromUri(MODEL_URL),
    ]);
    // Warm-up: the first run compiles the GPU programs (seconds on a slow device); do it while the
    // user is still framing their face, not after they press 'Ambil Foto'.
    const blank = document.createElement('canvas');
    blank.width = 64;
    blank.height = 48;
    try {
      await faceapi.detectAllFaces(blank, new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE }));
    } catch (err) {
      console.warn('[face] warm-up failed', err);
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
  const started = performance.now();
  const options = new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: 0.5 });
  const results = await faceapi.detectAllFaces(input, options).withFaceLandmarks(true).withFaceDescriptors();
  const backend = (faceapi.tf as unknown as Tf).getBackend();
  console.debug('[face]', backend, `${results.length} face(s)`, `${Math.round(performance.now() - started)} ms`);
  const only = results.length === 1 ? results[0] : undefined;
  return { faces: results.length, descriptor: only ? Array.from(only.descriptor) : null };
}

/** Starts loading the models when `enabled` becomes true; `scan` waits for them if needed. */
export function useFaceDetector(enabled: boolean) {
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
  return { ready, error, scan };
}
