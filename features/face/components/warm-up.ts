'use client';
// The face capture made ready before it is needed (docs/face.md, "A first check-in on a phone"):
// - warmFaceCapture(), at the tap on Check-in/Check-out: the dialog's code, the face engine (code,
//   WebAssembly, models) and the dialogs' library start at once, while the challenge and the device
//   registration are on their way, instead of one after the other once the dialog shows;
// - warmWhenCached(), on a page where a punch is still to be made: the dialog's code and the face
//   engine, but only when every file the engine needs is already in this phone's cache (nothing
//   downloaded for it, nothing run on a phone that would have to fetch megabytes first, nothing added to
//   a first visit's page load); if the prefetch after login is still under way, once it has finished.
//   In the face worker (features/face/components/face-engine.ts) the engine starts at once: its work is
//   off the page's thread. In the page it waits for an idle moment, and after a prefetch that ended
//   during this visit for the page to have been left alone a few seconds more (AFTER_PREFETCH_MS): on a
//   fast connection the prefetch ends within the page's load, and starting the engine in the page right
//   then made the page's first seconds busy (Lighthouse /employee: total blocking time 440–710 ms, score
//   69–82, against 140 ms and 94 before the warm-up).
// Only this small module is in the pages' first-load JavaScript (bench/page-weight.ts: +0.9 KB); what it
// starts is imported on demand.
import { loadSwal } from '@/lib/ui/alerts';

const quiet = () => undefined;

/** After a prefetch that ended during this visit, the engine waits this long and then for an idle moment. */
const AFTER_PREFETCH_MS = 5000;
const IDLE_TIMEOUT_MS = 2000;

/** requestIdleCallback where the browser has it (Safari does not). */
export type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

function afterQuietPeriod(): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      const w = window as IdleWindow;
      if (w.requestIdleCallback) w.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else resolve();
    }, AFTER_PREFETCH_MS),
  );
}

function loadDialogCode() {
  void import('@/features/face/components/FaceDialog').catch(quiet);
  // The device registration of an account's first punch (features/attendance/components/useAttendanceFlow.tsx).
  void import('@/features/anti-fraud/components/DeviceCard').catch(quiet);
  void loadSwal().catch(quiet);
}

function startEngine() {
  void import('@/features/face/components/face-engine').then((m) => m.loadFaceEngine()).catch(quiet);
}

export function warmFaceCapture(): void {
  loadDialogCode();
  startEngine();
}

async function engineCached(): Promise<boolean> {
  const [{ CODE_URL, modelUrl, neededFiles }, { cached }] = await Promise.all([
    import('@/features/face/components/model-download'),
    import('@/features/face/components/prefetch'),
  ]);
  // The three models and the code first: on a phone that lacks one of them (a first visit, Lighthouse's
  // cleared cache) the answer is no without asking whether WebGL is software, which makes a WebGL
  // context on the page's thread (model-download.ts, softwareWebGL).
  const base = await Promise.all([CODE_URL, modelUrl('detector'), modelUrl('landmarks'), modelUrl('recognition')].map(cached));
  if (!base.every(Boolean)) return false;
  const found = await Promise.all(neededFiles().map(modelUrl).map(cached));
  return found.every(Boolean);
}

/**
 * `inWorker`: the engine will run in the face worker, off the page's thread: it starts as soon as its
 * files are in the cache (at once, or the moment the prefetch has fetched them), the dialog's code at
 * the next idle moment. In the page it waits as described above.
 */
export async function warmWhenCached(isWanted: () => boolean, inWorker: boolean): Promise<void> {
  if (!(await engineCached())) {
    const { prefetchFinished } = await import('@/features/face/components/prefetch');
    const prefetch = prefetchFinished();
    if (!prefetch) return;
    await prefetch;
    if (!(await engineCached())) return;
    if (!inWorker) await afterQuietPeriod();
  }
  if (!isWanted()) return;
  if (!inWorker) return warmFaceCapture();
  startEngine();
  const w = window as IdleWindow;
  if (w.requestIdleCallback) w.requestIdleCallback(loadDialogCode, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(loadDialogCode, 0);
}
