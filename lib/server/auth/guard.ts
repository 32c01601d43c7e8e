// Server-side guard of a role area: no session → /login, another role → that role's own area.
import 'server-only';
import { redirect } from 'next/navigation';
import { currentSession, type AppSession } from '@/lib/server/auth/next-auth';
import { homeOf, type Role } from '@/lib/roles';
import { getEnv } from '@/lib/env';
import type { PublicConfig } from '@/components/PublicConfig';

export function publicConfig(): PublicConfig {
  return { mapTileUrl: getEnv().NEXT_PUBLIC_MAP_TILE_URL };
}

export async function guardArea(role: Role): Promise<AppSession> {
  const session = await currentSession();
  if (!session?.user) redirect('/login');
  if (session.user.role !== role) redirect(homeOf(session.user.role));
  return session;
}
