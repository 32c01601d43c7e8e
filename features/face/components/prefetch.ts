'use client';
// Fetch the face engine's files ahead of need, so the first check-in does not wait for them: from the
// moment an employee's login succeeds (features/auth/components/LoginForm.tsx), or once an employee page has
// loaded (features/face/components/FaceModelPrefetch.tsx: a session restored without the login page). Low
// priority, all at once (one after the other would leave the line idle between files), only what the
// cache does not hold yet, and not at all when the user asked the browser to save data
// (navigator.connection.saveData). The engine's code is fetched, never run here: that would cost the
// page CPU.
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

export function prefetchFaceModels() {
  if (started) return;
  started = true;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  finished = (async () => {
    const code = async () => {
      // Read to the end so that the service worker stores it.
      if (!(await cached(CODE_URL))) await prefetchCode();
    };
    const model = async (key: ReturnType<typeof neededFiles>[number]) => {
      if (!(await cached(modelUrl(key)))) await fetchOnce(key, 'low');
    };
    // Offline or the server busy: the dialog fetches what it needs when it opens.
    await Promise.all([code(), ...neededFiles().map(model)].map((p) => p.catch(() => undefined)));
  })();
}
