// A page that reloads when a filter changes (a year, a status, a month, a week) can have two requests in
// flight: the one started when it mounted and the one for the filter just picked. Answers can arrive in
// either order; only the latest request may fill the page, or a slow first answer overwrites the filter
// the user picked (seen with Tutup Periode: 2024 chosen, the current year's table shown).
import { useState } from 'react';

/** Wraps the promises of one load: they settle as usual while it is the latest, and never once it is not. */
export type Latest = <T>(request: Promise<T>) => Promise<T>;

/**
 * A counter of loads: begin() starts one and returns its wrapper. A load superseded by a later begin()
 * stops at its next await of a wrapped promise: what it would have shown, its error dialog and its
 * `finally` never run (the later load shows its own).
 */
export function latestRequests(): () => Latest {
  let seq = 0;
  return () => {
    const ticket = ++seq;
    return <T>(request: Promise<T>) =>
      new Promise<T>((resolve, reject) =>
        request.then(
          (value) => ticket === seq && resolve(value),
          (err: unknown) => ticket === seq && reject(err),
        ),
      );
  };
}

/** latestRequests() kept across renders. */
export function useLatestRequest(): () => Latest {
  const [begin] = useState(latestRequests);
  return begin;
}
