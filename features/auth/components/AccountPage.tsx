'use client';
// Akun Saya (/admin/account, /employee/account, /hr/account). Sections are stacked cards; other
// features add theirs through `children` (rendered after the password card), e.g. face enrolment.
import { LogOut, ShieldCheck, UserX } from 'lucide-react';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { ProfileCard } from '@/features/auth/components/ProfileCard';
import { PasswordCard } from '@/features/auth/components/PasswordCard';
import { initial, ROLE_BADGE_CLASS } from '@/features/employees/components/format';
import { useOfficeTimezone } from '@/hooks/useOfficeTimezone';
import { formatJoinDate } from '@/lib/dates';
import { roleLabel } from '@/lib/roles';
import type { UserDto } from '@/features/employees/types/users';

const TIPS = [
  'Gunakan password minimal 6 karakter yang memadukan huruf, angka dan simbol.',
  'Jangan gunakan password yang sama dengan akun lain.',
  'Jangan bagikan password Anda kepada siapa pun, termasuk administrator.',
  'Ganti password segera setelah direset oleh administrator.',
  'Selalu logout setelah memakai perangkat bersama.',
];

function AccountInfo({ user }: { user: UserDto }) {
  const timezone = useOfficeTimezone();
  const rows: [string, string][] = [
    ['ID Pengguna', user.id],
    ['Role', roleLabel(user.role)],
    ['Bergabung', formatJoinDate(user.createdAt, timezone)],
  ];
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="info-title">
      <h2 id="info-title" className="mb-3 text-lg font-semibold text-slate-900">
        Informasi Akun
      </h2>
      <dl className="space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-all font-medium text-slate-800" data-testid={`account-${label.toLowerCase().replace(/\s+/g, '-')}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SecurityTips() {
  return (
    <section className="rounded-xl border border-blue-200 bg-blue-50 p-5" aria-labelledby="tips-title">
      <h2 id="tips-title" className="mb-2 flex items-center gap-2 font-semibold text-blue-900">
        <ShieldCheck className="h-5 w-5" aria-hidden />
        Tips Keamanan
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-blue-800">
        {TIPS.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </section>
  );
}

export function AccountPage({ children }: { children?: React.ReactNode }) {
  const { user, loading, logout } = useAuth();
  if (loading) return <Spinner />;
  if (!user) {
    return (
      <div className="flex flex-col items-center gap-2 py-16 text-slate-500">
        <UserX className="h-10 w-10" aria-hidden />
        <p className="font-medium">User tidak ditemukan</p>
      </div>
    );
  }
  return (
    <div>
      <PageHeader title="Pengaturan Akun" subtitle="Kelola profil dan keamanan akun Anda" />
      <div className="mb-6 flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5">
        <span
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-blue-600 text-lg font-semibold text-white"
          aria-hidden
          data-testid="user-initial"
        >
          {initial(user.name)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
          <span
            data-testid="account-role-badge"
            className={`mt-1 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${ROLE_BADGE_CLASS[user.role]}`}
          >
            {roleLabel(user.role)}
          </span>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ProfileCard user={user} />
          <PasswordCard user={user} />
          {/* Until the password an admin set is changed, the server answers nothing else (face enrolment included). */}
          {user.mustChangePassword ? null : children}
        </div>
        <div className="space-y-6">
          <AccountInfo user={user} />
          <button
            type="button"
            onClick={() => void logout()}
            className="flex w-full items-center justify-center gap-2 rounded-lg border border-red-200 bg-white px-4 py-2.5 text-sm font-semibold text-red-600 hover:bg-red-50"
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Keluar dari Akun
          </button>
          <SecurityTips />
        </div>
      </div>
    </div>
  );
}
