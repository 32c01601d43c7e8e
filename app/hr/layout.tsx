import { AppShell } from '@/components/shell/AppShell';
import { guardArea, publicConfig } from '@/lib/server/auth/guard';

export const dynamic = 'force-dynamic';

export default async function Layout({ children }: { children: React.ReactNode }) {
  const session = await guardArea('hr');
  return (
    <AppShell role="hr" session={session} config={publicConfig()}>
      {children}
    </AppShell>
  );
}
