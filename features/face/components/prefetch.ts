'use client';
// Fetch the face engine's files ahead of need, so the first check-in does not wait for them: from the
// moment an employee's login succeeds (features/auth/components/LoginForm.tsx), or once an employee page has
// loaded (features/face/components/FaceModelPrefetch.tsx: a session restored without the login page). Low
// priority, all at once (one after the other would leave the line idle between files), only what the
// cache does not hold yet, and not at all when the user asked the browser to save data
// (navigator.connection.saveData). The engine's code is fetched, never run here: that would cost the
// page CPU. It waits for the service worker to control the page first, since that worker is what keeps
// the files.
import { CODE_URL, fetchOnce, modelUrl, neededFiles, prefetchCode } from '@/features/face/components/model-download';

let started = false;
let finished: Promise<void> | null = null;

/** Resolves when the prefetch has ended (every file fetched, or given up); null when none was started. */
export function prefetchFinished(): Promise<void> | null {
  return finished;
}

/** Whether this phone's caches (the service worker's) hold the file. */
export async function cached(url: string): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  return caches.match(url).then(
    (r) => !!r,
    () => false,
  );
}

/** How long the prefetch waits for the service worker to take over the page before fetching anyway. */
const CONTROL_WAIT_MS = 30_000;

/**
 * Resolves once a service worker controls this page, or after `ms` (no worker here, e.g. in development
 * or a browser without one: the files then reach only the HTTP cache).
 */
function controlledByServiceWorker(ms: number): Promise<void> {
  const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  // Only production registers the worker (components/pwa/PwaClient.tsx).
  if (!sw || sw.controller || process.env.NODE_ENV !== 'production') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      sw.removeEventListener('controllerchange', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    sw.addEventListener('controllerchange', done);
  });
}

export function prefetchFaceModels() {
  if (started) return;
  started = true;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  // Marks for bench/phone-checkin.ts: when the prefetch was asked for, began fetching and ended.
  performance.mark('face:prefetch');
  finished = (async () => {
    // The service worker stores what passes through it: a prefetch started before it controls the page
    // (a first visit, whose login beats the worker's install) would fetch every file and keep none.
    await controlledByServiceWorker(CONTROL_WAIT_MS);
    performance.mark('face:prefetch-fetch');
    const code = async () => {
      // Read to the end so that the service worker stores it.
      if (!(await cached(CODE_URL))) await prefetchCode();
    };
    const model = async (key: ReturnType<typeof neededFiles>[number]) => {
      if (!(await cached(modelUrl(key)))) await fetchOnce(key, 'low');
    };
    // Offline or the server busy: the dialog fetches what it needs when it opens.
    await Promise.all([code(), ...neededFiles().map(model)].map((p) => p.catch(() => undefined)));
    performance.mark('face:prefetch-done');
  })();
}
