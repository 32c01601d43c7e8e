'use client';
// Whether the face engine can run in the face worker (features/face/components/face-engine.ts). Small
// on purpose: the pages' warm-up (features/face/components/useFaceWarmUp.ts) asks it before any of the
// engine's code is loaded.

/** A switch for measuring (bench/phone-checkin.ts, bench/lighthouse.ts) and testing the page path: localStorage 'absensi:face-engine' = 'page'. */
export const ENGINE_SWITCH = 'absensi:face-engine';

export function workerEngineSupported(): boolean {
  let forced: string | null = null;
  try {
    forced = localStorage.getItem(ENGINE_SWITCH);
  } catch {
    /* storage unavailable */
  }
  return (
    forced !== 'page' &&
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof OffscreenCanvasRenderingContext2D !== 'undefined'
  );
}

/** For measuring only: the face worker answers as on a CPU this many times slower (features/face/components/engine.worker.ts). */
export function workerSlowdown(): number {
  try {
    return Number(localStorage.getItem(`${ENGINE_SWITCH}:slowdown`)) || 1;
  } catch {
    return 1;
  }
}
