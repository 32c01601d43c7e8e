// The session cookie: httpOnly, SameSite=Lax, Secure in production (except on a loopback address).
import type { NextResponse } from 'next/server';
import { getEnv } from '@/lib/env';
import { SESSION_COOKIE, sessionTtlSeconds } from '@/lib/server/auth/token';

export function secureCookies(req: Request): boolean {
  if (getEnv().NODE_ENV !== 'production') return false;
  const url = new URL(req.url);
  const proto = req.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '');
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return proto === 'https' || !loopback;
}

export function setSessionCookie(res: NextResponse, req: Request, token: string): NextResponse {
  res.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(req),
    path: '/',
    maxAge: sessionTtlSeconds(),
  });
  return res;
}

export function clearSessionCookie(res: NextResponse, req: Request): NextResponse {
  res.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: secureCookies(req), path: '/', maxAge: 0 });
  return res;
}
