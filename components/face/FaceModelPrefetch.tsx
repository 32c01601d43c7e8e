'use client';
// Once an employee page has loaded, start the face files' prefetch (components/face/prefetch.ts). That
// code loads only then, so it adds nothing to the pages' first-load JavaScript.
import { useEffect } from 'react';

export function FaceModelPrefetch() {
  useEffect(() => {
    const start = () => void import('@/components/face/prefetch').then((m) => m.prefetchFaceModels());
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);
  return null;
}
