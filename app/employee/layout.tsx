import { AppShell } from '@/components/shell/AppShell';
import { guardArea, publicConfig } from '@/lib/server/auth/guard';
import { FaceModelPrefetch } from '@/components/face/FaceModelPrefetch';

export const dynamic = 'force-dynamic';

export default async function Layout({ children }: { children: React.ReactNode }) {
  const session = await guardArea('employee');
  return (
    <AppShell role="employee" session={session} config={publicConfig()}>
      {children}
      {/* Employees check in with their face: its files start downloading after login (low priority). */}
      <FaceModelPrefetch />
    </AppShell>
  );
}
