'use client';
// On a page with a check-in or check-out still to make, get the face capture ready before the tap
// (features/face/components/warm-up.ts). In the face worker the engine starts as soon as the page knows a
// punch is due: it costs the page's thread next to nothing. In the page it waits for an idle moment.
import { useEffect, useRef } from 'react';
import type { IdleWindow } from '@/features/face/components/warm-up';
import { workerEngineSupported } from '@/features/face/components/engine-support';

/**
 * In the page, waits this long at most for an idle moment once the page knows a punch is due: the
 * employee may tap within a second or two of opening the page, and the engine takes about that long to
 * start on a slow phone.
 */
const IDLE_TIMEOUT_MS = 500;

export function useFaceWarmUp(pending: boolean) {
  const wanted = useRef(pending);
  wanted.current = pending;
  useEffect(() => {
    if (!pending) return;
    const w = window as IdleWindow;
    const inWorker = workerEngineSupported();
    let cancel = () => {};
    const run = () =>
      void import('@/features/face/components/warm-up')
        .then((m) => m.warmWhenCached(() => wanted.current, inWorker))
        .catch(() => undefined);
    const schedule = () => {
      if (inWorker) {
        const handle = setTimeout(run, 0);
        cancel = () => clearTimeout(handle);
      } else if (w.requestIdleCallback) {
        const handle = w.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
        cancel = () => w.cancelIdleCallback?.(handle);
      } else {
        const handle = setTimeout(run, IDLE_TIMEOUT_MS);
        cancel = () => clearTimeout(handle);
      }
    };
    if (inWorker || document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      cancel();
    };
  }, [pending]);
}
