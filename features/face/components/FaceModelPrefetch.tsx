'use client';
// A session restored without the login page (which starts the prefetch itself): start the face files'
// prefetch (features/face/components/prefetch.ts) well after an employee page has loaded, so that it neither
// competes with the page nor keeps the network busy while the page settles. That code loads only
// then, so it adds nothing to the pages' first-load JavaScript.
import { useEffect } from 'react';

const AFTER_LOAD_MS = 10_000;

export function FaceModelPrefetch() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(() => void import('@/features/face/components/prefetch').then((m) => m.prefetchFaceModels()), AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      clearTimeout(timer);
    };
  }, []);
  return null;
}
