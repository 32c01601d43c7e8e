'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import {
  BarChart3,
  Building2,
  CalendarCheck,
  CalendarDays,
  CalendarRange,
  Camera,
  Clock,
  FilePen,
  Fingerprint,
  History,
  Home,
  KeyRound,
  Lock,
  Map,
  Settings,
  User,
  Users,
  Webhook,
  X,
} from 'lucide-react';
import { isActive, navigationFor } from '@/lib/navigation';
import type { Role } from '@/lib/roles';
import type { UserDto } from '@/features/employees/types/users';
import { initial } from '@/features/employees/components/format';

const ICONS = {
  home: Home,
  users: Users,
  history: History,
  chart: BarChart3,
  settings: Settings,
  user: User,
  camera: Camera,
  calendar: CalendarDays,
  map: Map,
  clock: Clock,
  building: Building2,
  calendarDays: CalendarRange,
  filePen: FilePen,
  lock: Lock,
  calendarCheck: CalendarCheck,
  fingerprint: Fingerprint,
  webhook: Webhook,
  key: KeyRound,
} as const;

export function sidebarRoleLabel(role: Role): string {
  return role === 'admin' ? 'Administrator' : role === 'hr' ? 'HR' : 'Karyawan';
}

export function Sidebar({
  role,
  user,
  open,
  onClose,
  hasTeam = false,
}: {
  role: Role;
  user: UserDto;
  open: boolean;
  onClose: () => void;
  hasTeam?: boolean;
}) {
  const pathname = usePathname();
  const navigate = () => {
    if (window.innerWidth < 1024) onClose();
  };
  return (
    <>
      {open ? <div className="fixed inset-0 z-30 bg-black/40 lg:hidden" onClick={onClose} aria-hidden /> : null}
      <aside
        aria-label="Menu utama"
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col bg-slate-900 text-slate-100 transition-transform lg:static lg:translate-x-0 ${open ? 'translate-x-0' : '-translate-x-full'}`}
      >
        <div className="flex items-center justify-between border-b border-slate-800 px-5 py-4">
          <div>
            <p className="text-lg font-bold">Absensi</p>
            <p className="text-xs uppercase tracking-wide text-blue-300">{sidebarRoleLabel(role)}</p>
          </div>
          <button type="button" onClick={onClose} className="rounded p-1 hover:bg-slate-800 lg:hidden" aria-label="Tutup menu">
            <X className="h-5 w-5" />
          </button>
        </div>
        <div className="flex items-center gap-3 border-b border-slate-800 px-5 py-4">
          <span
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-600 font-semibold"
            aria-hidden
            data-testid="sidebar-initial"
          >
            {initial(user.name)}
          </span>
          <div className="min-w-0">
            <p className="truncate font-medium" data-testid="sidebar-name">
              {user.name}
            </p>
            <p className="truncate text-xs text-slate-400">{user.position}</p>
          </div>
        </div>
        <nav className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {navigationFor(role, { hasTeam }).map((item) => {
              const Icon = ICONS[item.icon as keyof typeof ICONS] ?? Home;
              const active = isActive(item.href, pathname);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    onClick={navigate}
                    aria-current={active ? 'page' : undefined}
                    className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm ${active ? 'bg-blue-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'}`}
                  >
                    <Icon className="h-4 w-4" aria-hidden />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
    </>
  );
}
