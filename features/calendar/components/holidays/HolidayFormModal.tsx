'use client';
// 'Tambah Hari Libur' / 'Edit Hari Libur': date, name, kind, the offices it applies to (none ticked =
// every office), the decree, and whether the date is confirmed or still an estimate (perkiraan).
import { useState } from 'react';
import { SelectField, TextField } from '@/components/ui/Field';
import { Modal, ModalActions } from '@/components/ui/Modal';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, savedToast, toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { HOLIDAY_KIND_LABELS, HOLIDAY_KINDS, holidaySchema, type HolidayKindValue } from '@/features/calendar/validation/calendar';
import type { HolidayDto } from '@/features/calendar/types/holidays';
import type { OfficeDto } from '@/features/offices/types/offices';
import { useHydrated } from '@/hooks/useHydrated';

type Props = {
  holiday: HolidayDto | null;
  defaultDate: string;
  offices: OfficeDto[];
  onClose: () => void;
  onSaved: (h: HolidayDto) => void;
};

export function HolidayFormModal({ holiday, defaultDate, offices, onClose, onSaved }: Props) {
  const hydrated = useHydrated();
  const [form, setForm] = useState({
    date: holiday?.date ?? defaultDate,
    name: holiday?.name ?? '',
    kind: (holiday?.kind ?? 'libur_perusahaan') as HolidayKindValue,
    officeIds: new Set(holiday?.officeIds ?? []),
    decree: holiday?.decree ?? '',
    confirmed: holiday?.confirmed ?? true,
  });
  const [saving, setSaving] = useState(false);
  const toggleOffice = (id: string) =>
    setForm((f) => {
      const next = new Set(f.officeIds);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return { ...f, officeIds: next };
    });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      date: form.date,
      name: form.name,
      kind: form.kind,
      officeIds: [...form.officeIds],
      decree: form.decree,
      confirmed: form.confirmed,
    };
    const invalid = firstError(holidaySchema.safeParse(body));
    if (invalid) return void toast('error', invalid);
    setSaving(true);
    try {
      const res = holiday
        ? await api.put<{ message: string; holiday: HolidayDto }>(`/holidays/${holiday.id}`, body)
        : await api.post<{ message: string; holiday: HolidayDto }>('/holidays', body);
      onSaved(res.holiday);
      void savedToast(holiday ? 'Berhasil Update' : 'Berhasil Tambah', res.message);
    } catch (err) {
      void alertDialog('error', holiday ? 'Gagal Update' : 'Gagal Tambah', errorMessage(err, 'Gagal menyimpan hari libur'));
    } finally {
      setSaving(false);
    }
  };

  const close = () => !saving && onClose();
  return (
    <Modal id="holiday-form" title={holiday ? 'Edit Hari Libur' : 'Tambah Hari Libur'} onClose={close}>
      <form method="post" onSubmit={submit} noValidate className="space-y-4 px-6 py-5">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="holiday-date"
            label="Tanggal"
            type="date"
            value={form.date}
            onChange={(e) => setForm({ ...form, date: e.target.value })}
            disabled={saving}
          />
          <SelectField
            id="holiday-kind"
            label="Jenis"
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value as HolidayKindValue })}
            disabled={saving}
          >
            {HOLIDAY_KINDS.map((k) => (
              <option key={k} value={k}>
                {HOLIDAY_KIND_LABELS[k]}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          id="holiday-name"
          label="Nama Hari Libur"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          disabled={saving}
          placeholder="Ulang Tahun Perusahaan"
          autoFocus
        />
        <fieldset className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Berlaku di Kantor</legend>
          <p className="mb-2 text-xs text-slate-500">
            {form.officeIds.size === 0 ? 'Semua kantor (tidak ada yang dipilih).' : `${form.officeIds.size} kantor dipilih.`}
          </p>
          <div className="grid max-h-40 gap-1 overflow-y-auto sm:grid-cols-2">
            {offices.map((o) => (
              <label key={o.id} className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" checked={form.officeIds.has(o.id)} onChange={() => toggleOffice(o.id)} disabled={saving} />
                <span className="truncate">
                  {o.name} ({o.zone})
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          id="holiday-decree"
          label="Dasar Hukum (opsional)"
          value={form.decree}
          onChange={(e) => setForm({ ...form, decree: e.target.value })}
          disabled={saving}
          placeholder="SKB 3 Menteri No. ..."
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={form.confirmed}
            onChange={(e) => setForm({ ...form, confirmed: e.target.checked })}
            disabled={saving}
          />
          Tanggal sudah pasti (bukan perkiraan)
        </label>
        <ModalActions onCancel={close} busy={saving || !hydrated} submitLabel={holiday ? 'Update' : 'Tambah'} />
      </form>
    </Modal>
  );
}
