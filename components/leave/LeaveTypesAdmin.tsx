'use client';
// Jenis Cuti: the leave types and their policy, as the law sets them by default (docs/leave.md).
import { useLeaveTypes } from '@/components/leave/LeaveExtraFields';
import { PageHeader } from '@/components/ui/PageHeader';

const yes = (b: boolean) => (b ? 'Ya' : 'Tidak');
const num = (n: number | null) => (n == null ? '-' : n.toLocaleString('id-ID'));

export function LeaveTypesAdmin() {
  const types = useLeaveTypes();
  return (
    <div>
      <PageHeader title="Jenis Cuti" subtitle="Jenis cuti, kuota dan aturannya (bawaan sesuai UU Ketenagakerjaan)" />
      <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200" tabIndex={0} role="region" aria-label="Tabel jenis cuti">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th className="px-3 py-2">Nama</th><th>Kategori</th><th>Potong saldo</th><th>Kuota / tahun</th><th>Maks. hari</th>
              <th>Setengah hari</th><th>Per jam</th><th>Lampiran</th><th>Hitungan</th><th>Pemberitahuan</th>
            </tr>
          </thead>
          <tbody>
            {(types ?? []).map((t) => (
              <tr key={t.id} data-testid="leave-type-row" className="border-t border-slate-100">
                <td className="px-3 py-2 font-medium">{t.name}{t.active ? '' : ' (nonaktif)'}</td>
                <td>{t.category}</td>
                <td>{yes(t.deductsBalance)}</td>
                <td>{num(t.quotaPerYear)}</td>
                <td>{num(t.maxDays ?? t.quotaPerEvent)}</td>
                <td>{yes(t.halfDayAllowed)}</td>
                <td>{yes(t.hourlyAllowed)}</td>
                <td>{t.attachmentRequired ? `Wajib${t.attachmentFromDays ? ` ≥ ${num(t.attachmentFromDays)} hari` : ''}` : 'Tidak'}</td>
                <td>{t.calendarDays ? 'Hari kalender' : 'Hari kerja'}</td>
                <td>{t.minNoticeDays} hari</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
