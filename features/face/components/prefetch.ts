'use client';
// Fetch the face engine's files ahead of need, so the first check-in does not wait for them (docs/face.md,
// "Prefetch after login"): on a phone from the moment its user starts filling the login form, elsewhere
// from the moment an employee's login succeeds (features/auth/components/LoginForm.tsx), or once an
// employee page has loaded (features/face/components/FaceModelPrefetch.tsx: a session restored without
// the login page). Low priority, all at once (one after the other would leave the line idle between
// files), only what the cache does not hold yet, and not at all when the user asked the browser to save
// data (navigator.connection.saveData). The engine's code is fetched, never run here: that would cost the
// page CPU. Before a service worker controls the page (a first visit) the page puts the files into the
// worker's cache itself (features/face/components/model-download.ts), so nothing waits for the worker.
import {
  abortPrefetchDownloads,
  CODE_URL,
  fetchOnce,
  modelUrl,
  neededFiles,
  prefetchCode,
} from '@/features/face/components/model-download';

let started = false;
/** Counts the prefetches started in this document: a cancelled one fetches nothing more. */
let run = 0;
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

export function prefetchFaceModels() {
  if (started) return;
  started = true;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  // Marks for bench/phone-checkin.ts: when the prefetch was asked for, began fetching and ended.
  performance.mark('face:prefetch');
  const mine = ++run;
  const wanted = async (url: string) => mine === run && !(await cached(url)) && mine === run;
  finished = (async () => {
    performance.mark('face:prefetch-fetch');
    const code = async () => {
      // Read to the end so that it is stored.
      if (await wanted(CODE_URL)) await prefetchCode();
    };
    const model = async (key: ReturnType<typeof neededFiles>[number]) => {
      if (await wanted(modelUrl(key))) await fetchOnce(key, 'low');
    };
    // Offline or the server busy: the dialog fetches what it needs when it opens.
    await Promise.all([code(), ...neededFiles().map(model)].map((p) => p.catch(() => undefined)));
    performance.mark('face:prefetch-done');
  })();
}

/**
 * A prefetch started on the login page before anyone was known to be signed in, stopped because the
 * login was not an employee's: what has not arrived is not fetched (what has stays cached).
 */
export function cancelPrefetch() {
  if (!started) return;
  run++;
  abortPrefetchDownloads();
  started = false;
  finished = null;
}

/**
 * An employee has just logged in (features/auth/components/LoginForm.tsx): the files are fetched if they
 * are not yet, and where the engine runs in the face worker, off the page's thread, it starts now, during
 * the welcome pause and the way to the Absensi page, once every file is cached (at once on a phone that
 * has them; after the prefetch otherwise). In the page it waits for the attendance pages as before.
 */
export async function employeeLoggedIn() {
  prefetchFaceModels();
  const [{ workerEngineSupported }, { warmWhenCached }] = await Promise.all([
    import('@/features/face/components/engine-support'),
    import('@/features/face/components/warm-up'),
  ]);
  if (workerEngineSupported()) await warmWhenCached(() => true, true);
}
