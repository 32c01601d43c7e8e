'use client';
// After login, once the page has loaded and the browser is idle, fetch the face engine's files at low
// priority, one after the other, so the first check-in does not wait for them. Not when the user asked
// the browser to save data (navigator.connection.saveData), and not what the cache already holds. The
// engine's code is not loaded here (that would cost the page CPU); only files.
import { useEffect } from 'react';
import { CODE_URL, fetchOnce, modelUrl, neededFiles } from '@/components/face/model-download';

let started = false;

async function cached(url: string): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  return caches.match(url).then((r) => !!r, () => false);
}

async function prefetch() {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  // The code first: the dialog needs it first. Read to the end (the service worker stores it), never run.
  if (!(await cached(CODE_URL))) {
    const ok = await fetch(CODE_URL, { priority: 'low' }).then((r) => r.arrayBuffer().then(() => r.ok), () => false);
    if (!ok) return;
  }
  for (const key of neededFiles()) {
    if (await cached(modelUrl(key))) continue;
    try {
      await fetchOnce(key, 'low');
    } catch {
      return; // offline or the server is busy: the dialog fetches what it needs when it opens
    }
  }
}

export function FaceModelPrefetch() {
  useEffect(() => {
    if (started) return;
    started = true;
    const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void prefetch(), { timeout: 500 }) : setTimeout(() => void prefetch(), 200));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }, []);
  return null;
}
