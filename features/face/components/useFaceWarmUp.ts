'use client';
// On a page with a check-in or check-out still to make, get the face capture ready once the page is
// idle (features/face/components/warm-up.ts), so that the tap does not wait for the engine.
import { useEffect, useRef } from 'react';
import type { IdleWindow } from '@/features/face/components/warm-up';

/**
 * Waits this long at most for an idle moment once the page knows a punch is due: the employee may tap
 * within a second or two of opening the page, and the engine takes about that long to start on a slow
 * phone.
 */
const IDLE_TIMEOUT_MS = 500;

export function useFaceWarmUp(pending: boolean) {
  const wanted = useRef(pending);
  wanted.current = pending;
  useEffect(() => {
    if (!pending) return;
    const w = window as IdleWindow;
    let cancel = () => {};
    const run = () =>
      void import('@/features/face/components/warm-up').then((m) => m.warmWhenCached(() => wanted.current)).catch(() => undefined);
    const schedule = () => {
      if (w.requestIdleCallback) {
        const handle = w.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
        cancel = () => w.cancelIdleCallback?.(handle);
      } else {
        const handle = setTimeout(run, IDLE_TIMEOUT_MS);
        cancel = () => clearTimeout(handle);
      }
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      cancel();
    };
  }, [pending]);
}
