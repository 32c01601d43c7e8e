'use client';
// The Kelola Karyawan table. Row actions are a list so later features (face enrolment) can add
// their own button through `extraActions` without touching the table.
import { KeyRound, Pencil, SearchX, Trash2, Users } from 'lucide-react';
import { RowAction } from '@/components/ui/RowAction';
import { formatJoinDate } from '@/lib/dates';
import { roleBadge } from '@/features/employees/lib/role-badge';
import type { UserDto } from '@/features/employees/types/users';
import type { RoleCounts } from '@/features/employees/lib/users-page';
import { initial, ROLE_BADGE_CLASS, type WorkingHours } from '@/features/employees/components/format';

type Props = {
  /** The rows to show (after the search). */
  users: UserDto[];
  /** Every loaded user, for the footer counts. */
  counts: EmployeeCounts;
  searching: boolean;
  timezone: string;
  hours: Record<string, WorkingHours>;
  onEdit: (u: UserDto) => void;
  onReset: (u: UserDto) => void;
  onDelete: (u: UserDto) => void;
  extraActions?: (u: UserDto) => React.ReactNode;
  /** Whether the caller may edit, reset or delete this row (HR: every account but an administrator's). */
  manages?: (u: UserDto) => boolean;
};

function EmptyState({ searching }: { searching: boolean }) {
  const Icon = searching ? SearchX : Users;
  return (
    <div className="flex flex-col items-center gap-2 py-12 text-center text-slate-500" data-testid="employees-empty">
      <Icon className="h-10 w-10 text-slate-300" aria-hidden />
      <p className="font-medium text-slate-700">{searching ? 'Tidak ditemukan' : 'Tidak ada karyawan'}</p>
      <p className="text-sm">{searching ? 'Coba kata kunci lain.' : 'Tambahkan karyawan dengan tombol Tambah.'}</p>
    </div>
  );
}

/** Matching people (all pages) of the whole status filter, and that filter's people per role. */
export type EmployeeCounts = { shown: number; roles: RoleCounts };

function Counts({ shown, roles }: EmployeeCounts) {
  const count = (role: UserDto['role']) => roles[role];
  const all = roles.admin + roles.hr + roles.employee;
  return (
    <div className="flex flex-col gap-1 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
      <p data-testid="employees-count">
        Menampilkan {shown} dari {all} karyawan
      </p>
      <p className="flex gap-3 text-xs">
        <span>Karyawan: {count('employee')}</span>
        <span>HR: {count('hr')}</span>
        <span>Admin: {count('admin')}</span>
      </p>
    </div>
  );
}

export function EmployeeTable({
  users,
  counts,
  searching,
  timezone,
  hours,
  onEdit,
  onReset,
  onDelete,
  extraActions,
  manages = () => true,
}: Props) {
  if (users.length === 0) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white">
        <EmptyState searching={searching && counts.roles.admin + counts.roles.hr + counts.roles.employee > 0} />
        <Counts {...counts} />
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tabel karyawan">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              <th className="px-4 py-3">Karyawan</th>
              <th className="hidden px-4 py-3 sm:table-cell">Posisi</th>
              <th className="px-4 py-3">Role</th>
              <th className="hidden px-4 py-3 md:table-cell">Bergabung</th>
              <th className="px-4 py-3 text-right">Aksi</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((u) => {
              const own = hours[u.id];
              return (
                <tr key={u.id} data-testid="employee-row" className="hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <span
                        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold text-white"
                        aria-hidden
                        data-testid="user-initial"
                      >
                        {initial(u.name)}
                      </span>
                      <div className="min-w-0">
                        <p className="truncate font-medium text-slate-900">
                          {u.name}
                          {u.deactivated ? (
                            <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                              Nonaktif
                            </span>
                          ) : null}
                        </p>
                        <p className="truncate text-xs text-slate-500">
                          {u.employeeNumber ? <span data-testid="employee-number">NIK {u.employeeNumber} · </span> : null}
                          {u.email}
                        </p>
                        <p className="truncate text-xs text-slate-500 sm:hidden">{u.position}</p>
                      </div>
                    </div>
                  </td>
                  <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">
                    {u.position}
                    {u.divisionName ? <p className="text-xs text-slate-500">Divisi {u.divisionName}</p> : null}
                    {own ? (
                      <p className="text-xs text-slate-500" title="Jam kerja khusus karyawan ini">
                        Jam kerja: {own.start}–{own.end}
                      </p>
                    ) : null}
                  </td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${ROLE_BADGE_CLASS[u.role]}`}>
                      {roleBadge(u.role)}
                    </span>
                  </td>
                  <td className="hidden whitespace-nowrap px-4 py-3 text-slate-600 md:table-cell">
                    {u.joinDate ? formatJoinDate(`${u.joinDate}T00:00:00Z`, 'UTC') : formatJoinDate(u.createdAt, timezone)}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      {manages(u) ? (
                        <>
                          <RowAction icon={Pencil} tone="blue" label={`Edit ${u.name}`} title="Edit" onClick={() => onEdit(u)} />
                          <RowAction
                            icon={KeyRound}
                            tone="amber"
                            label={`Reset password ${u.name}`}
                            title="Reset password"
                            onClick={() => onReset(u)}
                          />
                        </>
                      ) : null}
                      {extraActions?.(u)}
                      {manages(u) ? (
                        <RowAction icon={Trash2} tone="red" label={`Hapus ${u.name}`} title="Hapus" onClick={() => onDelete(u)} />
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Counts {...counts} />
    </div>
  );
}
