// Typed fetch for the browser: base /api, 10 s timeout, JSON, credentials included.
// Errors carry the server's `error` text first; any 401 clears the stored user and goes to /login.
// Callers branch on `code` (lib/error-codes.ts), never on the text: the text is for people.
import { isErrorCode, type ClientErrorCode, type ErrorCode } from '@/lib/error-codes';

export const API_TIMEOUT_MS = 10_000;
export const USER_STORAGE_KEY = 'user';

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code?: ErrorCode | ClientErrorCode,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Options = { body?: unknown; timeoutMs?: number; signal?: AbortSignal; redirectOn401?: boolean };

export function clearStoredSession(): void {
  try {
    localStorage.removeItem(USER_STORAGE_KEY);
    localStorage.removeItem('token');
  } catch {
    /* storage unavailable */
  }
}

async function send<T>(method: Method, path: string, opts: Options = {}): Promise<{ data: T; headers: Headers }> {
  const url = `/api${path}`;
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? API_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch (err) {
    const timedOut = timeout.aborted;
    console.error('[api]', method, url, err);
    throw new ApiError(
      timedOut ? `timeout of ${opts.timeoutMs ?? API_TIMEOUT_MS}ms exceeded` : 'Network Error',
      0,
      timedOut ? 'TIMEOUT' : 'NETWORK',
    );
  }
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  console.debug('[api]', method, url, res.status);
  if (!res.ok) {
    if (res.status === 401 && opts.redirectOn401 !== false) {
      clearStoredSession();
      if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.href = '/login';
    }
    const message = (data?.error as string) || (data?.message as string) || `Request failed with status code ${res.status}`;
    throw new ApiError(
      message,
      res.status,
      isErrorCode(data?.code) ? data.code : undefined,
      data?.fields as Record<string, string> | undefined,
    );
  }
  return { data: data as T, headers: res.headers };
}

const request = <T>(method: Method, path: string, opts?: Options) => send<T>(method, path, opts).then((r) => r.data);

export const api = {
  get: <T>(path: string, opts?: Options) => request<T>('GET', path, opts),
  /** GET with the response headers too (the page info of a paginated list). */
  getWithHeaders: <T>(path: string, opts?: Options) => send<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: Options) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: Options) => request<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, opts?: Options) => request<T>('DELETE', path, opts),
};

/** The message to show for a failed call: the server's text, else `fallback`. */
/** Whether a failed call was refused with this code. */
export const hasCode = (err: unknown, ...codes: (ErrorCode | ClientErrorCode)[]): boolean =>
  err instanceof ApiError && err.code !== undefined && codes.includes(err.code);

export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
