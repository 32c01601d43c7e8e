'use client';
// The year's holidays as a list: date, name, kind, offices, decree, and a 'Perkiraan' badge with a
// 'Konfirmasi' button on an estimated date.
import { CheckCircle2, Pencil, Trash2 } from 'lucide-react';
import { buttonClass } from '@/components/ui/Modal';
import { ListTable } from '@/components/ui/ListTable';
import { KIND_BADGE, officeNames } from '@/features/calendar/components/holidays/format';
import { HOLIDAY_KIND_LABELS } from '@/features/calendar/validation/calendar';
import { formatDateLong } from '@/lib/dates';
import type { HolidayDto } from '@/features/calendar/types/holidays';
import type { OfficeDto } from '@/features/offices/types/offices';

type Props = {
  holidays: HolidayDto[];
  offices: OfficeDto[];
  onEdit: (h: HolidayDto) => void;
  onDelete: (h: HolidayDto) => void;
  onConfirm: (h: HolidayDto) => void;
};

export function HolidayList({ holidays, offices, onEdit, onDelete, onConfirm }: Props) {
  if (holidays.length === 0) return <p className="py-4 text-center text-sm text-slate-500">Belum ada hari libur pada tahun ini.</p>;
  return (
    <ListTable label="Tabel hari libur" columns={['Tanggal', 'Nama', 'Jenis', 'Kantor', 'Dasar Hukum', 'Aksi']}>
      {holidays.map((h) => (
        <tr key={h.id} className="border-b border-slate-100 last:border-0" data-testid="holiday-row">
          <td className="whitespace-nowrap py-2 pr-3 text-slate-800">{formatDateLong(h.date)}</td>
          <td className="px-2 py-2 font-medium text-slate-900">
            <span className="flex flex-wrap items-center gap-1.5">
              {h.name}
              {h.confirmed ? null : (
                <em className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">perkiraan</em>
              )}
            </span>
          </td>
          <td className="px-2 py-2">
            <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${KIND_BADGE[h.kind]}`}>
              {HOLIDAY_KIND_LABELS[h.kind]}
            </span>
          </td>
          <td className="px-2 py-2 text-slate-700">{officeNames(h, offices)}</td>
          <td className="px-2 py-2 text-xs text-slate-600">{h.decree ?? '-'}</td>
          <td className="whitespace-nowrap py-2 pl-2 text-right">
            {h.confirmed ? null : (
              <button
                type="button"
                onClick={() => onConfirm(h)}
                className={`${buttonClass.icon} text-green-700`}
                aria-label={`Konfirmasi ${h.name}`}
                title="Konfirmasi tanggal"
              >
                <CheckCircle2 className="h-4 w-4" aria-hidden />
              </button>
            )}
            <button type="button" onClick={() => onEdit(h)} className={buttonClass.icon} aria-label={`Edit ${h.name}`}>
              <Pencil className="h-4 w-4" aria-hidden />
            </button>
            <button type="button" onClick={() => onDelete(h)} className={`${buttonClass.icon} text-red-600`} aria-label={`Hapus ${h.name}`}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </button>
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
