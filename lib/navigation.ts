// The menus of each role's area and the highlighting rule.
import type { Role } from '@/lib/roles';

export type NavItem = { href: string; label: string; icon: string };

export const NAVIGATION: Record<Role, NavItem[]> = {
  admin: [
    { href: '/admin', label: 'Dashboard', icon: 'home' },
    { href: '/admin/approvals', label: 'Persetujuan', icon: 'calendar' },
    { href: '/admin/employees', label: 'Kelola Karyawan', icon: 'users' },
    { href: '/admin/attendance', label: 'Riwayat Absensi', icon: 'history' },
    { href: '/admin/face-status', label: 'Status Wajah', icon: 'camera' },
    { href: '/admin/corrections', label: 'Koreksi Absensi', icon: 'filePen' },
    { href: '/admin/reports', label: 'Laporan', icon: 'chart' },
    { href: '/admin/schedules', label: 'Jadwal Kerja', icon: 'clock' },
    { href: '/admin/swaps', label: 'Tukar Jadwal', icon: 'calendarDays' },
    { href: '/admin/offices', label: 'Kantor & Cabang', icon: 'building' },
    { href: '/admin/kiosks', label: 'Kiosk Absensi', icon: 'camera' },
    { href: '/admin/terminals', label: 'Mesin Absensi', icon: 'fingerprint' },
    { href: '/admin/integrations', label: 'Integrasi', icon: 'key' },
    { href: '/admin/holidays', label: 'Kalender Libur', icon: 'calendarDays' },
    { href: '/admin/leave-types', label: 'Jenis Cuti', icon: 'calendar' },
    { href: '/admin/recap', label: 'Rekap Bulanan', icon: 'chart' },
    { href: '/admin/attendance-grid', label: 'Absensi Bulanan', icon: 'calendarDays' },
    { href: '/admin/periods', label: 'Tutup Periode', icon: 'lock' },
    { href: '/admin/daily-close', label: 'Tutup Harian', icon: 'calendarCheck' },
    { href: '/admin/overtime', label: 'Lembur', icon: 'clock' },
    { href: '/admin/audit', label: 'Log Audit', icon: 'history' },
    { href: '/admin/notifications', label: 'Notifikasi', icon: 'settings' },
    { href: '/admin/webhooks', label: 'Webhook', icon: 'webhook' },
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
    { href: '/employee/recap', label: 'Rekap Saya', icon: 'chart' },
    { href: '/employee/swaps', label: 'Tukar Jadwal', icon: 'calendarDays' },
    { href: '/employee/map', label: 'Peta Kantor', icon: 'map' },
    { href: '/employee/account', label: 'Akun Saya', icon: 'user' },
  ],
  hr: [
    { href: '/hr', label: 'Dashboard', icon: 'home' },
    { href: '/hr/approvals', label: 'Persetujuan', icon: 'calendar' },
    { href: '/hr/employees', label: 'Kelola Karyawan', icon: 'users' },
    { href: '/hr/attendance', label: 'Riwayat Absensi', icon: 'history' },
    { href: '/hr/face-status', label: 'Status Wajah', icon: 'camera' },
    { href: '/hr/corrections', label: 'Koreksi Absensi', icon: 'filePen' },
    { href: '/hr/reports', label: 'Laporan', icon: 'chart' },
    { href: '/hr/recap', label: 'Rekap Bulanan', icon: 'chart' },
    { href: '/hr/attendance-grid', label: 'Absensi Bulanan', icon: 'calendarDays' },
    { href: '/hr/daily-close', label: 'Tutup Harian', icon: 'calendarCheck' },
    { href: '/hr/terminals', label: 'Mesin Absensi', icon: 'fingerprint' },
    { href: '/hr/schedules', label: 'Jadwal Kerja', icon: 'clock' },
    { href: '/hr/swaps', label: 'Tukar Jadwal', icon: 'calendarDays' },
    { href: '/hr/holidays', label: 'Kalender Libur', icon: 'calendarDays' },
    { href: '/hr/overtime', label: 'Lembur', icon: 'clock' },
    { href: '/hr/leave-types', label: 'Jenis Cuti', icon: 'calendar' },
    { href: '/hr/periods', label: 'Tutup Periode', icon: 'lock' },
    { href: '/hr/audit', label: 'Log Audit', icon: 'history' },
    { href: '/hr/account', label: 'Akun Saya', icon: 'user' },
  ],
};

/** An employee who is someone's supervisor (atasan) also gets this entry, after 'Ajukan Cuti' (docs/leave.md). */
export const TEAM_NAV: NavItem = { href: '/employee/team', label: 'Persetujuan Tim', icon: 'users' };

/** The menu of a role's area; `hasTeam` adds the supervisor's entry to the employee's. */
export function navigationFor(role: Role, opts: { hasTeam?: boolean } = {}): NavItem[] {
  const items = NAVIGATION[role];
  if (role !== 'employee' || !opts.hasTeam) return items;
  const at = items.findIndex((i) => i.href === '/employee/leave') + 1;
  return [...items.slice(0, at), TEAM_NAV, ...items.slice(at)];
}

const ROOTS = new Set(['/admin', '/employee', '/hr']);

/** Area roots are active only on an exact match; other entries also as a path prefix. */
export function isActive(href: string, pathname: string): boolean {
  if (ROOTS.has(href)) return pathname === href;
  return pathname === href || pathname.startsWith(`${href}/`);
}
