'use client';
// Face detection and the 128-d descriptor in the browser with @vladmandic/face-api, through the face
// engine (features/face/components/face-engine.ts: in the face worker where the browser can, else in the
// page). The engine's files (public/models, scripts/build-face-models.mjs) load lazily, once, all at the
// same time; they may already be on their way or cached (features/face/components/FaceModelPrefetch.tsx),
// and the engine may already be running (features/face/components/warm-up.ts).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { downloadProgress, onDownloadProgress } from '@/features/face/components/model-download';
import { deviceFiles, loadFaceEngine, startedEngine, type FaceEngine } from '@/features/face/components/face-engine';
import { PHOTO_INPUT_SIZE } from '@/features/face/components/engine-core';

export type FaceScan = { faces: number; descriptor: number[] | null };

/** Every face in the picture (detector input 416, as the server's); the descriptor only when there is exactly one. */
export function scanFaces(input: HTMLCanvasElement): Promise<FaceScan> {
  // An engine already running is asked at once, before the caller goes on (the face worker takes the
  // picture's pixels then, and scans while the page encodes the photo).
  const engine = startedEngine();
  return engine ? scanOn(engine, input) : loadFaceEngine().then((e) => scanOn(e, input));
}

async function scanOn(engine: FaceEngine, input: HTMLCanvasElement): Promise<FaceScan> {
  performance.mark('face:scan-start');
  const found = await engine.detect(input, [PHOTO_INPUT_SIZE], true);
  const scan = performance.measure('face:scan', 'face:scan-start');
  console.debug('[face]', engine.where, engine.backend, `${found.faces} face(s)`, `${Math.round(scan.duration)} ms`);
  return { faces: found.faces, descriptor: found.faces === 1 ? found.descriptor : null };
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

/** Starts the engine when `enabled` becomes true; `scan` waits for it if needed. */
export function useFaceDetector(enabled: boolean) {
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const progress = useDownloadProgress(enabled && !ready && !error);

  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    loadFaceEngine().then(
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
