'use client';
import { LogOut, Menu } from 'lucide-react';
import type { Role } from '@/lib/roles';
import type { UserDto } from '@/features/employees/types/users';
import { sidebarRoleLabel } from '@/components/shell/Sidebar';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';

export function headerSubtitle(role: Role): string {
  if (role === 'admin') return 'Administrator Panel';
  if (role === 'hr') return 'HR Panel';
  return 'Employee Dashboard';
}

export function Header({ role, user, onMenu, onLogout }: { role: Role; user: UserDto; onMenu: () => void; onLogout: () => void }) {
  return (
    <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
      <button type="button" onClick={onMenu} className="rounded p-2 hover:bg-slate-100 lg:hidden" aria-label="Buka menu">
        <Menu className="h-5 w-5" />
      </button>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900">Selamat Datang, {user.name}!</p>
        <p className="truncate text-xs text-slate-500">{headerSubtitle(role)}</p>
      </div>
      <div className="hidden text-right sm:block">
        <p className="text-sm font-medium text-slate-800">{user.name}</p>
        <p className="text-xs text-slate-500">{sidebarRoleLabel(role)}</p>
      </div>
      <NotificationBell disabled={user.mustChangePassword} />
      <button
        type="button"
        onClick={onLogout}
        aria-label="Logout"
        className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700 hover:bg-red-50 hover:text-red-600"
      >
        <LogOut className="h-4 w-4" aria-hidden />
        <span className="hidden sm:inline">Logout</span>
      </button>
    </header>
  );
}
