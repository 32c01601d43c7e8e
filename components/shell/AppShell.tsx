'use client';
import { useEffect, useState } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import type { Session } from 'next-auth';
import { AuthProvider, useAuth } from '@/features/auth/components/AuthProvider';
import { Sidebar } from '@/components/shell/Sidebar';
import { Header } from '@/components/shell/Header';
import { Spinner } from '@/components/ui/Spinner';
import { homeOf, type Role } from '@/lib/roles';
import { PublicConfigProvider, type PublicConfig } from '@/components/PublicConfig';

function Frame({ role, hasTeam, children }: { role: Role; hasTeam: boolean; children: React.ReactNode }) {
  const { user, loading, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const router = useRouter();
  const accountPath = `${homeOf(role)}/account`;
  const mustChange = !!user?.mustChangePassword && pathname !== accountPath;

  useEffect(() => {
    if (user && user.role !== role) router.replace(homeOf(user.role));
    else if (mustChange) router.replace(accountPath);
  }, [user, role, mustChange, accountPath, router]);

  if (loading || !user || user.role !== role) return <Spinner label="Memuat sesi..." className="min-h-screen" />;

  return (
    <div className="flex min-h-screen">
      <Sidebar role={role} user={user} open={open} onClose={() => setOpen(false)} hasTeam={hasTeam} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header role={role} user={user} onMenu={() => setOpen(true)} onLogout={() => void logout()} />
        <main className="flex-1 p-4 sm:p-6">
          {user.mustChangePassword ? (
            <div role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-800">
              Password Anda baru saja dibuat atau direset oleh administrator. Silakan ganti password Anda terlebih dahulu sebelum
              menggunakan fitur lainnya.
            </div>
          ) : null}
          {mustChange ? <Spinner label="Mengarahkan ke Akun Saya..." /> : children}
        </main>
      </div>
    </div>
  );
}

/** `hasTeam`: the user supervises someone (the employee menu then has Persetujuan Tim). */
export function AppShell({
  role,
  session,
  config,
  hasTeam = false,
  children,
}: {
  role: Role;
  session: Session | null;
  config: PublicConfig;
  hasTeam?: boolean;
  children: React.ReactNode;
}) {
  return (
    <PublicConfigProvider value={config}>
      <AuthProvider session={session}>
        <Frame role={role} hasTeam={hasTeam}>
          {children}
        </Frame>
      </AuthProvider>
    </PublicConfigProvider>
  );
}
