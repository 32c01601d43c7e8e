import { AppShell } from '@/components/shell/AppShell';
import { guardArea, publicConfig } from '@/components/shell/guard';

export const dynamic = 'force-dynamic';

export default async function Layout({ children }: { children: React.ReactNode }) {
  const session = await guardArea('employee');
  return (
    <AppShell role="employee" session={session} config={publicConfig()}>
      {children}
    </AppShell>
  );
}
