// route(): the one wrapper for every /api handler. auth → parse (params, query, body) → service → JSON.
// Refusals happen before any service runs, so a refused request changes nothing.
import { NextResponse, type NextRequest } from 'next/server';
import type { ZodType } from 'zod';
import { AppError, errorBody, toAppError } from '@/lib/server/errors';
import { API_KEY_SCOPE_MESSAGE, requireApiKey } from '@/lib/server/auth/api-key';
import { isApiKey } from '@/features/integrations/lib/scopes';
import {
  loadSessionRow,
  requireSession,
  tokenFromHeaders,
  toSessionUser,
  userFromHeaders,
  type SessionLoader,
  type SessionRow,
  type SessionUser,
} from '@/lib/server/auth/session';
import type { Role } from '@/lib/roles';
import { withRequestContext } from '@/lib/server/request-context';
import { assertJsonBody, assertSameOrigin } from '@/lib/server/csrf';
import { readJson } from '@/lib/server/request-body';
import { clientIp } from '@/lib/server/client-ip';
import { uuidParam } from '@/lib/validation/common';

export { clientIp };

export const DEFAULT_MAX_BODY = 64 * 1024;

export type AuthSpec = 'public' | 'optional' | 'user' | readonly Role[];

type Options<B, Q, P, S extends SessionRow> = {
  auth: AuthSpec;
  /**
   * For a signed-in route: the statement that reads the session row, which a hot handler may widen
   * with its own data (one round trip instead of two). The row reaches the handler as `session`.
   */
  session?: SessionLoader<S>;
  body?: ZodType<B>;
  query?: ZodType<Q>;
  params?: ZodType<P>;
  maxBodyBytes?: number;
  /**
   * Answers a user who must change the password first (an account added or reset by an admin). Only
   * GET /auth/me, the password change and logout do; every other route refuses them with 403.
   */
  beforePasswordChange?: boolean;
};

export const PASSWORD_CHANGE_REQUIRED = 'Anda harus mengganti password terlebih dahulu sebelum menggunakan fitur lainnya.';

export type Ctx<B, Q, P, U, S = SessionRow> = { req: NextRequest; user: U; session: S; body: B; query: Q; params: P; ip: string };
type UserFor<A extends AuthSpec> = A extends 'public' ? null : A extends 'optional' ? SessionUser | null : SessionUser;
type Segment = { params: Promise<Record<string, string | string[] | undefined>> };

export function json(data: unknown, init?: ResponseInit): NextResponse {
  return NextResponse.json(data, { ...init, headers: { 'Cache-Control': 'no-store', ...(init?.headers ?? {}) } });
}

export function errorResponse(err: unknown): NextResponse {
  const appErr = toAppError(err);
  if (appErr.status >= 500) console.error('[api]', appErr.status, err);
  const headers: Record<string, string> = appErr.status === 503 ? { 'Retry-After': '5' } : {};
  // A body refused for its size or its slowness is not read to the end: the connection closes instead.
  if (appErr.code === 'PAYLOAD_TOO_LARGE' || appErr.code === 'REQUEST_TIMEOUT') headers.Connection = 'close';
  return json(errorBody(appErr), { status: appErr.status, headers });
}

async function authenticate<S extends SessionRow>(
  req: NextRequest,
  auth: AuthSpec,
  params: Record<string, unknown>,
  load?: SessionLoader<S>,
): Promise<{ user: SessionUser | null; session?: S }> {
  if (auth === 'public') return { user: null };
  if (auth === 'optional') return { user: await userFromHeaders(req.headers) };
  const token = tokenFromHeaders(req.headers);
  // An integration's key (docs/integrations.md): only on the routes its scopes open, never where a
  // handler reads its own session columns, and only if the route admits HR (the key reads as HR does).
  if (token && isApiKey(token)) {
    const key = await requireApiKey(token, req, params);
    if (load || (auth !== 'user' && !auth.includes(key.role))) throw new AppError(403, 'API_KEY_SCOPE', API_KEY_SCOPE_MESSAGE);
    return { user: { ...toSessionUser(key), apiKeyId: key.apiKey.id }, session: key as unknown as S };
  }
  const session = await requireSession(req.headers, auth === 'user' ? undefined : auth, load ?? (loadSessionRow as SessionLoader<S>));
  return { user: toSessionUser(session), session };
}

/** A route's declared caller and schemas (features/integrations/server/openapi: the document's source is checked against it). */
export type RouteSpec = { auth: AuthSpec; body?: ZodType; query?: ZodType; params?: ZodType };

export function route<A extends AuthSpec, B = undefined, Q = undefined, P = undefined, S extends SessionRow = SessionRow>(
  opts: Options<B, Q, P, S> & { auth: A },
  handler: (ctx: Ctx<B, Q, P, UserFor<A>, S>) => Promise<unknown> | unknown,
) {
  const run = (req: NextRequest, segment?: Segment): Promise<Response> =>
    withRequestContext({ ip: clientIp(req) }, () => handle(req, segment));
  // What the handler declares, readable from the handler: the OpenAPI test compares it with the document's source.
  const spec: RouteSpec = { auth: opts.auth, body: opts.body, query: opts.query, params: opts.params };
  return Object.assign(run, { spec });
  async function handle(req: NextRequest, segment?: Segment): Promise<Response> {
    try {
      assertSameOrigin(req);
      if (opts.body) assertJsonBody(req);
      const rawParams = segment?.params ? await segment.params : {};
      const { user, session } = await authenticate(req, opts.auth, rawParams, opts.session);
      if (user?.mustChangePassword && !opts.beforePasswordChange)
        throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED);
      const params = opts.params ? opts.params.parse(rawParams) : (undefined as P);
      const query = opts.query ? opts.query.parse(Object.fromEntries(req.nextUrl.searchParams.entries())) : (undefined as Q);
      const body = opts.body ? opts.body.parse(await readJson(req, opts.maxBodyBytes ?? DEFAULT_MAX_BODY)) : (undefined as B);
      const result = await handler({ req, user: user as UserFor<A>, session: session as S, body, query, params, ip: clientIp(req) });
      return result instanceof Response ? result : json(result ?? { ok: true });
    } catch (err) {
      return errorResponse(err);
    }
  }
}

/** A path `[id]`: anything that is not a UUID is refused with 400 (lib/validation/common.ts). */
export const idParam = uuidParam('id');
