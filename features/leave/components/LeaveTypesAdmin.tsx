'use client';
// Jenis Cuti: the leave types and their policy, as the law sets them by default (docs/leave.md).
// Admins edit every type and add their own; HR reads.
import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { useLeaveTypes } from '@/features/leave/components/LeaveExtraFields';
import { LeaveTypeFormModal } from '@/features/leave/components/LeaveTypeFormModal';
import { PageHeader } from '@/components/ui/PageHeader';
import type { LeaveTypeDto } from '@/features/leave/types/leave-ledger';
import { durationText } from '@/features/leave/lib/duration';

const yes = (b: boolean) => (b ? 'Ya' : 'Tidak');
const num = (n: number | null) => (n == null ? '-' : n.toLocaleString('id-ID'));
/** A figure in the type's unit: '3 bulan', '2 hari'. */
const size = (n: number | null, t: LeaveTypeDto) => (n == null ? '-' : durationText(n, t.durationUnit));

export function LeaveTypesAdmin({ editable = false }: { editable?: boolean }) {
  const [reload, setReload] = useState(0);
  const types = useLeaveTypes(reload);
  const [editing, setEditing] = useState<LeaveTypeDto | null | 'new'>(null);
  return (
    <div>
      <PageHeader
        title="Jenis Cuti"
        subtitle="Jenis cuti, kuota dan aturannya (bawaan sesuai UU Ketenagakerjaan)"
        actions={
          editable ? (
            <button
              type="button"
              onClick={() => setEditing('new')}
              className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white shadow-sm hover:bg-blue-700"
            >
              <Plus className="h-5 w-5" aria-hidden />
              Tambah Jenis Cuti
            </button>
          ) : null
        }
      />
      <div
        className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        tabIndex={0}
        role="region"
        aria-label="Tabel jenis cuti"
      >
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th className="px-3 py-2">Nama</th>
              <th>Kategori</th>
              <th>Potong saldo</th>
              <th>Kuota / tahun</th>
              <th>Kuota / peristiwa</th>
              <th>Maks. per pengajuan</th>
              <th>Setengah hari</th>
              <th>Per jam</th>
              <th>Lampiran</th>
              <th>Hitungan</th>
              <th>Pemberitahuan</th>
              <th>Mundur</th>
              {editable ? (
                <th>
                  <span className="sr-only">Aksi</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {(types ?? []).map((t) => (
              <tr key={t.id} data-testid="leave-type-row" className="border-t border-slate-100">
                <td className="px-3 py-2 font-medium">
                  {t.name}
                  {t.active ? '' : ' (nonaktif)'}
                </td>
                <td>{t.category}</td>
                <td>{yes(t.deductsBalance)}</td>
                <td>{num(t.quotaPerYear)}</td>
                <td>{size(t.quotaPerEvent, t)}</td>
                <td>{size(t.maxDays, t)}</td>
                <td>{yes(t.halfDayAllowed)}</td>
                <td>{yes(t.hourlyAllowed)}</td>
                <td>{t.attachmentRequired ? `Wajib${t.attachmentFromDays ? ` ≥ ${size(t.attachmentFromDays, t)}` : ''}` : 'Tidak'}</td>
                <td>{t.durationUnit === 'bulan' ? 'Bulan kalender' : t.calendarDays ? 'Hari kalender' : 'Hari kerja'}</td>
                <td>{t.minNoticeDays} hari</td>
                <td>{t.backdateDays ? `${t.backdateDays} hari` : 'Tidak'}</td>
                {editable ? (
                  <td className="px-2">
                    <button
                      type="button"
                      onClick={() => setEditing(t)}
                      className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
                      aria-label={`Ubah ${t.name}`}
                    >
                      <Pencil className="h-3.5 w-3.5" aria-hidden />
                      Ubah
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing ? (
        <LeaveTypeFormModal
          type={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setReload((n) => n + 1);
          }}
        />
      ) : null}
    </div>
  );
}
