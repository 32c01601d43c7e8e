'use client';
// Kelola Karyawan (/admin/employees, /hr/employees): search, refresh, add, edit, reset password, delete.
// Deleting someone with records deactivates them (docs/periods.md#nonaktif): the filter shows Aktif, Nonaktif
// or Semua, and a deactivated account can be activated again. HR (`admin` false) manages every account but an
// administrator's, adds employees only and keeps each role; login locks, face resets and the registration
// policy stay the admin's (docs/roles.md).
// The server searches, filters and pages (GET /users?page=): a company of thousands never reaches the browser whole.
import { useCallback, useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { Search } from 'lucide-react';
import { AddButton, RefreshButton } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { inputClass } from '@/components/ui/Field';
import { EmployeeTable, type EmployeeCounts } from '@/features/employees/components/EmployeeTable';
import { FaceEnrolmentAction } from '@/features/face/components/FaceEnrolmentAdmin';
import { LoginLockAction, useLoginLocks } from '@/features/employees/components/LoginLockAction';
import type { WorkingHours } from '@/features/employees/components/format';
import { readPageInfo } from '@/features/attendance/lib/history-pages';
import { readRoleCounts } from '@/features/employees/lib/users-page';
import { DEFAULT_PAGE_SIZE, Pagination } from '@/features/attendance/components/Pagination';
import { useDebounced } from '@/features/employees/components/useDebounced';
import { useOfficeTimezone } from '@/hooks/useOfficeTimezone';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog, savedToast, toast } from '@/lib/ui/alerts';
import { confirmDelete } from '@/lib/ui/confirm-delete';
import type { UserDto } from '@/features/employees/types/users';
import type { EmployeeWorkingHoursDto } from '@/features/settings/types/settings';
import { useLatestRequest } from '@/lib/ui/latest-request';
import { InviteAction } from '@/features/employees/components/InviteAction';
import { DivisionFilter, PeopleActions } from '@/features/employees/components/PeopleActions';
import { printInviteCards } from '@/features/employees/components/invite-cards';
import { DivisionsPanel, useDivisions } from '@/features/divisions/components/DivisionsPanel';

type Modal = { user: UserDto | null } | null;

// Loaded after the list, not before it: the form and the import (and their schemas, zod) open with a click,
// the registration panel sits below the list (docs/quality.md, "5,000 employees").
const EmployeeFormModal = dynamic(() => import('@/features/employees/components/EmployeeFormModal').then((m) => m.EmployeeFormModal), {
  ssr: false,
});
const ImportPanel = dynamic(() => import('@/features/employees/components/ImportPanel').then((m) => m.ImportPanel), { ssr: false });
const RegistrationPanel = dynamic(() => import('@/features/employees/components/RegistrationPanel').then((m) => m.RegistrationPanel), {
  ssr: false,
});

export function EmployeesManager({ defaultPassword, admin = true }: { defaultPassword: string; admin?: boolean }) {
  const timezone = useOfficeTimezone();
  const [users, setUsers] = useState<UserDto[]>([]);
  const [counts, setCounts] = useState<EmployeeCounts>({ shown: 0, roles: { admin: 0, hr: 0, employee: 0 } });
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [hours, setHours] = useState<Record<string, WorkingHours> | null>(null);
  const [loading, setLoading] = useState(true);
  const [listed, setListed] = useState(false);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'aktif' | 'nonaktif' | 'semua'>('aktif');
  const [modal, setModal] = useState<Modal>(null);
  const { locks, refresh: refreshLocks } = useLoginLocks();
  const { divisions, reload: reloadDivisions } = useDivisions();
  const [division, setDivision] = useState('');
  const [panel, setPanel] = useState<'impor' | 'divisi' | null>(null);
  const term = useDebounced(search.trim(), 250);

  const begin = useLatestRequest();
  const load = useCallback(
    async (announce: boolean) => {
      const latest = begin();
      setLoading(true);
      try {
        const params = new URLSearchParams({ status, page: String(page), limit: String(size) });
        if (term) params.set('search', term);
        if (division) params.set('divisionId', division);
        const list = await latest(api.getWithHeaders<UserDto[]>(`/users?${params}`));
        const info = readPageInfo(list.headers);
        // A page past the end (people removed meanwhile) goes to the last one.
        if (info && list.data.length === 0 && info.total > 0 && page > info.totalPages) return setPage(info.totalPages);
        setUsers(list.data);
        setListed(true);
        setCounts({ shown: info?.total ?? list.data.length, roles: readRoleCounts(list.headers) ?? { admin: 0, hr: 0, employee: 0 } });
        if (admin) void refreshLocks();
        if (announce) void toast('success', 'Data karyawan berhasil dimuat', 2000);
      } catch (err) {
        void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat data karyawan'));
      } finally {
        setLoading(false);
      }
    },
    [admin, begin, refreshLocks, status, page, size, term, division],
  );

  // Personal working hours (every account with its own schedule): asked once the first page is in (not beside
  // it: the server answers the page first) and again after a save, never in front of a page's rows (paging and
  // searching do not change them).
  const loadHours = useCallback(async () => {
    try {
      const own = await api.get<EmployeeWorkingHoursDto[]>('/settings/employee-working-hours');
      setHours(Object.fromEntries(own.map((h) => [h.userId, { start: h.start, end: h.end }])));
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat jam kerja karyawan'));
    }
  }, []);
  useEffect(() => {
    if (listed) void loadHours();
  }, [listed, loadHours]);

  // The first load says so; paging, searching and filtering just show the new page.
  const announced = useRef(false);
  useEffect(() => {
    void load(!announced.current);
    announced.current = true;
  }, [load]);

  // A new filter starts at its first page.
  useEffect(() => setPage(1), [status, term, division, size]);
  const shown = users;

  const remove = (u: UserDto) =>
    confirmDelete({
      title: 'Hapus Karyawan',
      text: `Apakah Anda yakin ingin menghapus karyawan ${u.name}? Tindakan ini tidak dapat dibatalkan.`,
      path: `/users/${u.id}`,
      reload: () => load(false),
      done: () => void savedToast('Berhasil Hapus', `Karyawan ${u.name} berhasil dihapus`),
      failText: 'Gagal menghapus karyawan',
    });

  const reactivate = async (u: UserDto) => {
    const ok = await confirmDialog({
      title: 'Aktifkan Karyawan',
      text: `Aktifkan kembali akun ${u.name}? Karyawan dapat login lagi.`,
      confirmText: 'Ya, Aktifkan',
    });
    if (!ok) return;
    try {
      const res = await api.post<{ message: string }>(`/users/${u.id}/reactivate`, {});
      await load(false);
      void savedToast('Berhasil', res.message);
    } catch (err) {
      void alertDialog('error', 'Gagal', errorMessage(err, 'Gagal mengaktifkan karyawan'));
    }
  };

  const reset = async (u: UserDto) => {
    const ok = await confirmDialog({
      title: 'Reset Password',
      text: `Reset password ${u.name} ke "${defaultPassword}"? Karyawan harus login ulang setelah reset.`,
      confirmText: 'Ya, Reset',
    });
    if (!ok) return;
    try {
      await api.post(`/users/${u.id}/reset-password`, { newPassword: defaultPassword });
      void alertDialog('success', 'Berhasil Reset', `Password ${u.name} berhasil direset ke "${defaultPassword}"`);
    } catch (err) {
      void alertDialog('error', 'Gagal Reset', errorMessage(err, 'Gagal reset password'));
    }
  };

  return (
    <div>
      <PageHeader
        title="Kelola Karyawan"
        subtitle="Tambah, ubah, reset password dan hapus akun pengguna"
        actions={
          <>
            <RefreshButton
              loading={loading}
              onClick={() => {
                void load(true);
                void loadHours();
              }}
            />
            <PeopleActions
              onImport={() => setPanel('impor')}
              onDivisions={() => setPanel('divisi')}
              onInviteCards={() => {
                const ids = shown.filter((u) => !u.deactivated).map((u) => u.id);
                void printInviteCards(ids, `${ids.length} orang yang tampil di daftar`);
              }}
            />
            <AddButton label="Tambah" onClick={() => setModal({ user: null })} />
          </>
        }
      />
      <div className="mb-2 flex items-center gap-2">
        <label htmlFor="employee-status" className="text-sm text-slate-700">
          Status
        </label>
        <select
          id="employee-status"
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="aktif">Aktif</option>
          <option value="nonaktif">Nonaktif</option>
          <option value="semua">Semua</option>
        </select>
      </div>
      <DivisionFilter divisions={divisions} value={division} onChange={setDivision} />
      {panel === 'impor' ? (
        <ImportPanel onClose={() => setPanel(null)} onImported={() => void Promise.all([load(false).then(reloadDivisions), loadHours()])} />
      ) : null}
      {panel === 'divisi' ? (
        <DivisionsPanel
          divisions={divisions}
          onChanged={() => void reloadDivisions().then(() => load(false))}
          onClose={() => setPanel(null)}
        />
      ) : null}
      <div className="relative mb-4 max-w-md">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input
          type="search"
          aria-label="Cari karyawan"
          placeholder="Cari karyawan..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={`${inputClass} pl-9`}
        />
      </div>
      {loading && users.length === 0 ? (
        <Spinner label="Memuat data karyawan..." />
      ) : (
        <EmployeeTable
          users={shown}
          counts={counts}
          searching={search.trim() !== ''}
          timezone={timezone}
          hours={hours ?? {}}
          onEdit={(u) => setModal({ user: u })}
          onReset={(u) => void reset(u)}
          onDelete={(u) => void remove(u)}
          manages={(u) => admin || u.role !== 'admin'}
          // Row buttons of other features plug in here: face enrolment (photos, reset) for employees.
          // and a lifted login lock for an account locked after too many wrong passwords.
          extraActions={(u) => (
            <>
              {admin && locks[u.id] ? <LoginLockAction user={u} onDone={() => void refreshLocks()} /> : null}
              {admin && u.role === 'employee' ? <FaceEnrolmentAction user={u} /> : null}
              {!u.deactivated && (admin || u.role !== 'admin') ? <InviteAction user={u} /> : null}
              {u.deactivated && (admin || u.role !== 'admin') ? (
                <button
                  type="button"
                  onClick={() => void reactivate(u)}
                  className="rounded-lg px-2 py-1 text-xs font-semibold text-green-700 hover:bg-green-50"
                  aria-label={`Aktifkan ${u.name}`}
                >
                  Aktifkan
                </button>
              ) : null}
            </>
          )}
        />
      )}
      {counts.shown > size ? <Pagination page={page} total={counts.shown} size={size} onPage={setPage} onSize={setSize} /> : null}
      {admin ? <RegistrationPanel onChanged={() => void load(false)} /> : null}
      {/* The form opens with the account's own hours: once they are in (a click right after the first rows waits for them). */}
      {modal && hours ? (
        <EmployeeFormModal
          user={modal.user}
          hours={modal.user ? hours[modal.user.id] : undefined}
          defaultPassword={defaultPassword}
          admin={admin}
          onClose={() => setModal(null)}
          onSaved={() => {
            setModal(null);
            void load(false);
            void loadHours();
          }}
        />
      ) : null}
    </div>
  );
}
