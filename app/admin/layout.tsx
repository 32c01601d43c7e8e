import { AppShell } from '@/components/shell/AppShell';
import { guardArea, publicConfig } from '@/lib/server/auth/guard';
import { DefaultPasswordWarning } from '@/components/shell/DefaultPasswordWarning';
import { defaultPasswordWeakness } from '@/lib/server/default-password';

export const dynamic = 'force-dynamic';

export default async function Layout({ children }: { children: React.ReactNode }) {
  const session = await guardArea('admin');
  const weakness = defaultPasswordWeakness();
  return (
    <AppShell role="admin" session={session} config={publicConfig()}>
      {weakness ? <DefaultPasswordWarning reason={weakness} /> : null}
      {children}
    </AppShell>
  );
}
