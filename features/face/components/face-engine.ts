'use client';
// The face engine for the dialogs (docs/face.md, "Where the engine runs"): in the face worker
// (features/face/components/engine-worker-client.ts) where the browser has OffscreenCanvas, so that
// starting it and every detection leave the page's thread free; in the page otherwise
// (features/face/components/engine-page.ts), or when the worker could not start. Both run the same
// code (features/face/components/engine-core.ts) on the same pixels: the results do not depend on where.
// Started once, by whoever asks first: the page before the tap (features/face/components/warm-up.ts),
// the tap, or the dialog.
import { download, fetchOnce, neededFiles, type ModelKey } from '@/features/face/components/model-download';
import type { Detection, NetKey, WasmKey } from '@/features/face/components/engine-core';
import { workerEngineSupported } from '@/features/face/components/engine-support';

export type FaceEngine = {
  where: 'worker' | 'page';
  backend: string;
  /**
   * Faces on the canvas at each input size in turn (see engine-core's detectFaces); `frame` names this
   * picture for `describe`. `alive()` false between sizes: give up (the page path); `cancel()` for the worker.
   */
  detect(
    canvas: HTMLCanvasElement,
    sizes: readonly number[],
    describe: boolean,
    alive?: () => boolean,
  ): Promise<Detection & { frame: number }>;
  /** The descriptor of the one face the last detection found on `frame`, without detecting it again; null if that is no longer the last. */
  describe(canvas: HTMLCanvasElement, frame: number): Promise<number[] | null>;
  /**
   * The liveness loop's requests (a detect given `alive`, a describe) not started yet are dropped (their
   * answer: no face); the one under way stops at its next input size. A detect without `alive` (the
   * photo's scan) is never cancelled.
   */
  cancel(): void;
};

/**
 * The bytes of the files the engine needs, downloading (or joining a download, or reading the cache):
 * inflated, or with `packed` as sent (gzip), for the face worker to inflate off the page's thread.
 */
export type EngineFiles = {
  wasmKey: WasmKey | null;
  wasm: Promise<Uint8Array> | null;
  nets: Record<NetKey, Promise<Uint8Array>>;
  packed: boolean;
};

let files: ModelKey[] | null = null;
let loading: Promise<FaceEngine> | null = null;
let current: FaceEngine | null = null;

/** The files this device downloads (fixed on first use). */
export function deviceFiles(): ModelKey[] {
  files ??= neededFiles();
  return files;
}

/**
 * `packed`: the files as sent, for the face worker. Inflating them is CPU work (about 40 ms of the page's
 * thread on a fast desktop for the 2.6 MB, four times that on a phone: the largest task of the page's
 * load, docs/face.md), which the worker does beside the page instead.
 */
function engineFiles(packed: boolean): EngineFiles {
  const keys = deviceFiles();
  const wasmKey = (keys.find((k) => k === 'wasm' || k === 'wasmSimd') as WasmKey | undefined) ?? null;
  const get = packed ? fetchOnce : download;
  // Everything at once: the WebAssembly engine and the three models.
  return {
    wasmKey,
    wasm: wasmKey ? get(wasmKey) : null,
    nets: { detector: get('detector'), landmarks: get('landmarks'), recognition: get('recognition') },
    packed,
  };
}

export function loadFaceEngine(): Promise<FaceEngine> {
  loading ??= (async () => {
    performance.mark('face:load-start');
    let engine: FaceEngine | null = null;
    if (workerEngineSupported()) {
      const { loadWorkerEngine } = await import('@/features/face/components/engine-worker-client');
      engine = await loadWorkerEngine(engineFiles(typeof DecompressionStream === 'function')).catch((err: unknown) => {
        console.warn('[face] the face worker could not start; the engine runs in the page', err);
        return null;
      });
    }
    if (!engine) {
      const { loadPageEngine } = await import('@/features/face/components/engine-page');
      engine = await loadPageEngine(engineFiles(false));
    }
    performance.measure('face:models', 'face:load-start');
    console.debug('[face] engine ready:', engine.where, engine.backend);
    current = engine;
    return engine;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The engine if it has started, for cancelling without starting it. */
export const startedEngine = (): FaceEngine | null => current;
