'use client';
// The page's side of the face worker (features/face/components/engine.worker.ts; docs/face.md, "Where
// the engine runs"). The page downloads the files as before (features/face/components/model-download.ts:
// one download per file, the progress the dialog shows, the prefetch joined) and hands each one to the
// worker as it arrives, as sent (gzip) where the browser can inflate (the worker inflates it); the worker imports face-api, starts the backend and builds the models while the
// page's thread stays free. A picture goes over as its pixels (getImageData, moved, not copied): the
// worker paints them on an OffscreenCanvas, so face-api reads exactly what it reads in the page.
import { CODE_URL, codePrefetched, modelUrl, release, type ModelKey } from '@/features/face/components/model-download';
import type { Detection, NetKey } from '@/features/face/components/engine-core';
import type { EngineFiles, FaceEngine } from '@/features/face/components/face-engine';
import { workerSlowdown } from '@/features/face/components/engine-support';

type Waiting = { resolve(value: unknown): void; reject(err: Error): void };
const NET_KEYS: NetKey[] = ['detector', 'landmarks', 'recognition'];

export async function loadWorkerEngine(files: EngineFiles): Promise<FaceEngine> {
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'face-engine' });
  let ids = 0;
  const waiting = new Map<number, Waiting>();
  // Pictures asked of the worker (the bench's wait/run marks), and of them the liveness frames: cancel()
  // drops only those. The photo's scan is never cancelled: the liveness loop's stop (the button "Ambil
  // Foto", then the dialog leaving its capturing phase) comes after the scan was asked for, and dropping
  // it answered "no face" (the check-in failed with "Verifikasi wajah gagal").
  const pictures = new Set<number>();
  const cancelable = new Set<number>();
  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.onmessage = (e: MessageEvent<{ id: number; ok: boolean; value?: unknown; error?: string; waited: number; ran: number }>) => {
    const { id, ok, value, error, waited, ran } = e.data;
    const w = waiting.get(id);
    waiting.delete(id);
    // For bench/phone-checkin.ts: the last picture's wait behind other requests and its run in the worker.
    cancelable.delete(id);
    if (pictures.delete(id) && waited + ran > 0) {
      try {
        performance.measure('face:worker-wait', { end: performance.now() - ran, duration: waited });
        performance.measure('face:worker-run', { end: performance.now(), duration: ran });
      } catch {
        /* a time before the page's start */
      }
    }
    if (ok) w?.resolve(value);
    else w?.reject(new Error(error || 'face worker'));
  };
  worker.onerror = (e) => {
    e.preventDefault();
    failAll(new Error(`face worker: ${e.message || 'failed to start'}`));
  };
  const call = <T>(msg: Record<string, unknown>, transfer: Transferable[] = []) => {
    const id = ++ids;
    const answer = new Promise<T>((resolve, reject) => waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    worker.postMessage({ ...msg, id }, transfer);
    return { id, answer };
  };
  /**
   * Hands bytes over (moved: the page keeps no copy; the caches keep the file). The file's download entry
   * lets go of them first (`release`), so that nothing later joins a download whose bytes have moved.
   */
  const give = (key: ModelKey, bytes: Uint8Array) => {
    release(key);
    return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  };
  const { packed } = files;

  try {
    await codePrefetched();
    // Absolute: the worker resolves URLs against its own script's.
    const code = call({ op: 'code', url: new URL(CODE_URL, location.href).href, slowdown: workerSlowdown() }).answer;
    const wasm = files.wasm && files.wasmKey ? give(files.wasmKey, await files.wasm) : null;
    const wasmUrls = { wasm: new URL(modelUrl('wasm'), location.href).href, wasmSimd: new URL(modelUrl('wasmSimd'), location.href).href };
    await code;
    performance.measure('face:code', 'face:load-start');
    const backend = await call<string>({ op: 'backend', wasmKey: files.wasmKey, wasm, packed, wasmUrls }, wasm ? [wasm.buffer] : []).answer;
    performance.measure('face:engine', 'face:load-start');
    await Promise.all(
      NET_KEYS.map(async (key) => {
        const bytes = give(key, await files.nets[key]);
        await call({ op: 'net', key, bytes, packed }, [bytes.buffer]).answer;
      }),
    );
    await call({ op: 'warm-up' }).answer;
    return {
      where: 'worker',
      backend,
      async detect(canvas, sizes, describe, alive) {
        const { width, height } = canvas;
        const ctx = canvas.getContext('2d');
        if (!ctx) return { faces: 0, landmarks: null, descriptor: null, frame: 0 };
        const pixels = ctx.getImageData(0, 0, width, height).data.buffer;
        const { id, answer } = call<Detection & { frame: number }>({ op: 'detect', width, height, pixels, sizes, describe }, [pixels]);
        pictures.add(id);
        if (alive) cancelable.add(id);
        return answer;
      },
      describe(_canvas, frame) {
        const { id, answer } = call<number[] | null>({ op: 'describe', frame });
        pictures.add(id);
        cancelable.add(id);
        return answer;
      },
      cancel() {
        if (cancelable.size) worker.postMessage({ op: 'cancel', ids: [...cancelable] });
      },
    };
  } catch (err) {
    worker.terminate();
    failAll(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}
