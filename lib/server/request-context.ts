// What a service may need to know about the request it serves without taking it as an argument:
// the client address for the audit trail. route() (lib/server/http.ts) opens the context; jobs run
// without one (their audit rows have no address).
import { AsyncLocalStorage } from 'node:async_hooks';

export type RequestContext = { ip: string | null };

const storage = new AsyncLocalStorage<RequestContext>();

export function withRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}
