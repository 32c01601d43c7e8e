// Next 16's name for middleware.ts. An optimistic page gate only: it reads the session cookie's
// signature and role, never the database; every layout and API route checks again on the server.
import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE, verifyToken } from '@/lib/server/auth/token';
import { homeOf } from '@/lib/roles';

const AREAS = ['/admin', '/employee', '/hr'] as const;

export function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (pathname === '/') return NextResponse.redirect(new URL('/login', req.url));
  const area = AREAS.find((a) => pathname === a || pathname.startsWith(`${a}/`));
  if (!area) return NextResponse.next();
  const claims = verifyToken(req.cookies.get(SESSION_COOKIE)?.value);
  if (!claims) return NextResponse.redirect(new URL('/login', req.url));
  const home = homeOf(claims.role);
  if (home !== area) return NextResponse.redirect(new URL(home, req.url));
  return NextResponse.next();
}

export const config = { matcher: ['/', '/admin/:path*', '/employee/:path*', '/hr/:path*'] };
