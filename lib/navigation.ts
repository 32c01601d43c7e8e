// The menus of each role's area (spec section 2) and the highlighting rule.
import type { Role } from '@/lib/roles';

export type NavItem = { href: string; label: string; icon: string };

export const NAVIGATION: Record<Role, NavItem[]> = {
  admin: [
    { href: '/admin', label: 'Dashboard', icon: 'home' },
    { href: '/admin/employees', label: 'Kelola Karyawan', icon: 'users' },
    { href: '/admin/attendance', label: 'Riwayat Absensi', icon: 'history' },
    { href: '/admin/corrections', label: 'Koreksi Absensi', icon: 'filePen' },
    { href: '/admin/reports', label: 'Laporan', icon: 'chart' },
    { href: '/admin/schedules', label: 'Jadwal Kerja', icon: 'clock' },
    { href: '/admin/offices', label: 'Kantor & Cabang', icon: 'building' },
    { href: '/admin/holidays', label: 'Kalender Libur', icon: 'calendarDays' },
    { href: '/admin/leave-types', label: 'Jenis Cuti', icon: 'calendar' },
    { href: '/admin/overtime', label: 'Lembur', icon: 'clock' },
    { href: '/admin/audit', label: 'Log Audit', icon: 'history' },
    { href: '/admin/settings', label: 'Pengaturan Kantor', icon: 'settings' },
    { href: '/admin/account', label: 'Akun Saya', icon: 'user' },
  ],
  employee: [
    { href: '/employee', label: 'Dashboard', icon: 'home' },
    { href: '/employee/attendance', label: 'Absensi', icon: 'camera' },
    { href: '/employee/history', label: 'Riwayat Absensi', icon: 'history' },
    { href: '/employee/corrections', label: 'Koreksi Absensi', icon: 'filePen' },
    { href: '/employee/leave', label: 'Ajukan Cuti', icon: 'calendar' },
    { href: '/employee/overtime', label: 'Lembur', icon: 'clock' },
    { href: '/employee/map', label: 'Peta Kantor', icon: 'map' },
    { href: '/employee/account', label: 'Akun Saya', icon: 'user' },
  ],
  hr: [
    { href: '/hr', label: 'Dashboard', icon: 'home' },
    { href: '/hr/attendance', label: 'Riwayat Absensi', icon: 'history' },
    { href: '/hr/corrections', label: 'Koreksi Absensi', icon: 'filePen' },
    { href: '/hr/reports', label: 'Laporan', icon: 'chart' },
    { href: '/hr/schedules', label: 'Jadwal Kerja', icon: 'clock' },
    { href: '/hr/overtime', label: 'Lembur', icon: 'clock' },
    { href: '/hr/account', label: 'Akun Saya', icon: 'user' },
  ],
};

const ROOTS = new Set(['/admin', '/employee', '/hr']);

/** Area roots are active only on an exact match; other entries also as a path prefix. */
export function isActive(href: string, pathname: string): boolean {
  if (ROOTS.has(href)) return pathname === href;
  return pathname === href || pathname.startsWith(`${href}/`);
}
