'use client';
// False in the server's HTML and until React has hydrated the page, true after. Forms keep their
// submit button disabled until then: a form sent before its JavaScript runs would be sent by the
// browser itself (a GET puts every field, password included, into the URL, history and proxy logs).
// Every form is also method="post", so even a form without a submit button never writes its fields
// into a URL (tests/unit/forms.test.ts, e2e/no-js.spec.ts).
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
