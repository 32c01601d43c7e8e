'use client';
// True once the element has come within `rootMargin` of the viewport (and stays true): for parts of a
// page whose code should load only when the user gets to them. `enabled` false holds the decision
// back until the content above has loaded, so a page still half-empty does not count as "in view".
import { useEffect, useState, type RefObject } from 'react';

export function useInView(
  ref: RefObject<Element | null>,
  { enabled = true, rootMargin = '0px' }: { enabled?: boolean; rootMargin?: string } = {},
): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !enabled || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen, enabled]);
  return seen;
}
