// A page that reloads when a filter changes (a year, a status, a month, a week) can have two requests in
// flight: the one started when it mounted and the one for the filter just picked. Answers can arrive in
// either order; only the latest request may fill the page, or a slow first answer overwrites the filter
// the user picked (seen with Tutup Periode: 2024 chosen, the current year's table shown).
import { useCallback, useRef } from 'react';

/** A counter of requests: begin() returns a check that stays true until the next begin(). */
export function latestRequests(): () => () => boolean {
  let seq = 0;
  return () => {
    const ticket = ++seq;
    return () => ticket === seq;
  };
}

/** latestRequests() kept across renders. */
export function useLatestRequest(): () => () => boolean {
  const begin = useRef<(() => () => boolean) | null>(null);
  return useCallback(() => {
    begin.current ??= latestRequests();
    return begin.current();
  }, []);
}
