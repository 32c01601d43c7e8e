// Server-side guard of a role area: no session → /login, another role → that role's own area.
import 'server-only';
import { cache } from 'react';
import { redirect } from 'next/navigation';
import { currentSession, type AppSession } from '@/lib/server/auth/next-auth';
import { homeOf, type Role } from '@/lib/roles';
import { getEnv } from '@/lib/env';
import type { PublicConfig } from '@/components/PublicConfig';

export function publicConfig(): PublicConfig {
  return { mapTileUrl: getEnv().NEXT_PUBLIC_MAP_TILE_URL };
}

// One session read (a database look-up) per page request, shared by a layout and its page that both guard.
// React's cache() keeps it in the render of that one request; outside a render (route handlers) it calls
// currentSession every time. Route handlers read the session through lib/server/auth/session.ts.
const requestSession = cache(currentSession);

export async function guardArea(role: Role): Promise<AppSession> {
  const session = await requestSession();
  if (!session?.user) redirect('/login');
  if (session.user.role !== role) redirect(homeOf(session.user.role));
  return session;
}
