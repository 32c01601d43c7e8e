import { AppShell } from '@/components/shell/AppShell';
import { guardArea, publicConfig } from '@/lib/server/auth/guard';
import { FaceModelPrefetch } from '@/features/face/components/FaceModelPrefetch';
import { teamSize } from '@/features/leave/server/leave-calendar';

export const dynamic = 'force-dynamic';

export default async function Layout({ children }: { children: React.ReactNode }) {
  const session = await guardArea('employee');
  const hasTeam = session.user
    ? await teamSize(session.user.id).then(
        (n) => n > 0,
        () => false,
      )
    : false;
  return (
    <AppShell role="employee" session={session} config={publicConfig()} hasTeam={hasTeam}>
      {children}
      {/* Employees check in with their face: its files start downloading after login (low priority). */}
      <FaceModelPrefetch />
    </AppShell>
  );
}
