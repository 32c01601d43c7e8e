// Next 16's name for middleware.ts. An optimistic page gate only: it reads the session cookie's
// signature and role, never the database; every layout and API route checks again on the server.
// It also gives every page its Content-Security-Policy with a fresh nonce (Next applies it to its scripts).
import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE, verifyToken } from '@/lib/server/auth/token';
import { homeOf } from '@/lib/roles';
import { getEnv } from '@/lib/env';
import { newNonce, pageCsp } from '@/lib/server/security-headers';

const AREAS = ['/admin', '/employee', '/hr'] as const;

export function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (pathname === '/') return NextResponse.redirect(new URL('/login', req.url));
  const area = AREAS.find((a) => pathname === a || pathname.startsWith(`${a}/`));
  if (!area) return withCsp(req);
  const claims = verifyToken(req.cookies.get(SESSION_COOKIE)?.value);
  if (!claims) return NextResponse.redirect(new URL('/login', req.url));
  const home = homeOf(claims.role);
  if (home !== area) return NextResponse.redirect(new URL(home, req.url));
  return withCsp(req);
}

function withCsp(req: NextRequest): NextResponse {
  const env = getEnv();
  const nonce = newNonce();
  const csp = pageCsp({ nonce, tileUrl: env.NEXT_PUBLIC_MAP_TILE_URL, dev: env.NODE_ENV === 'development' });
  const headers = new Headers(req.headers);
  headers.set('content-security-policy', csp);
  headers.set('x-nonce', nonce);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('Content-Security-Policy', csp);
  return res;
}

// Every page (including not-found ones); not the API (fixed policy in next.config.mjs) nor static files,
// nor the attendance machines' device routes (/iclock/cdata, /iclock/getrequest: plain text, no session;
// docs/terminals.md).
export const config = {
  matcher: ['/((?!api/|iclock/|_next/static/|_next/image|favicon\\.ico|icons/|models/|leaflet/|sw\\.js|manifest\\.webmanifest).*)'],
};
