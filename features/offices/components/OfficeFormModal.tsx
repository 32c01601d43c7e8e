'use client';
// 'Tambah Kantor' / 'Edit Kantor' (Kantor & Cabang, docs/calendar.md): name, address, zone, position
// picked on the map (a click sets the coordinates), radius. POST /offices, PUT /offices/{id}.
import { useEffect, useRef, useState } from 'react';
import { Field, SelectField, inputClass } from '@/components/ui/Field';
import { Modal, ModalActions } from '@/components/ui/Modal';
import { LocationFields } from '@/features/settings/components/LocationFields';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog, toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { OFFICE_ZONES, officeSchema } from '@/features/calendar/validation/calendar';
import type { OfficeDto } from '@/features/offices/types/offices';
import { useHydrated } from '@/hooks/useHydrated';
import { announceSaved } from '@/features/periods/components/saved-notice';
import type { PeriodNotice } from '@/features/periods/types/periods';

type Form = { name: string; address: string; timezone: string; latitude: string; longitude: string; radius: string; active: boolean };

function initialForm(office: OfficeDto | null): Form {
  return {
    name: office?.name ?? '',
    address: office?.address ?? '',
    timezone: office?.timezone ?? 'Asia/Jakarta',
    latitude: office?.latitude == null ? '' : String(office.latitude),
    longitude: office?.longitude == null ? '' : String(office.longitude),
    radius: String(office?.radius ?? 100),
    active: office?.active ?? true,
  };
}

/** '' stays missing (the schema's 'harus berupa angka'), anything else becomes a number (NaN is refused too). */
const num = (v: string) => (v.trim() === '' ? undefined : Number(v.replace(',', '.')));

export function OfficeFormModal({ office, onClose, onSaved }: { office: OfficeDto | null; onClose: () => void; onSaved: () => void }) {
  const hydrated = useHydrated();
  const [form, setForm] = useState<Form>(() => initialForm(office));
  const [saving, setSaving] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  useEffect(() => firstField.current?.focus(), []);

  const cancel = async () => {
    if (saving) return;
    const changed = JSON.stringify(form) !== JSON.stringify(initialForm(office));
    if (changed) {
      const ok = await confirmDialog({
        title: 'Batalkan Perubahan',
        text: 'Data yang sudah diisi akan hilang. Apakah Anda yakin?',
        confirmText: 'Ya, Batalkan',
      });
      if (!ok) return;
      void toast('info', 'Perubahan dibatalkan', 2000);
    }
    onClose();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = officeSchema.safeParse({
      ...form,
      latitude: num(form.latitude),
      longitude: num(form.longitude),
      radius: num(form.radius),
    });
    const invalid = firstError(parsed);
    if (invalid || !parsed.success) return void toast('error', invalid ?? 'Data tidak valid');
    setSaving(true);
    try {
      const res = office
        ? await api.put<{ message: string; periodNotice?: PeriodNotice | null }>(`/offices/${office.id}`, parsed.data)
        : await api.post<{ message: string; periodNotice?: PeriodNotice | null }>('/offices', parsed.data);
      onSaved();
      announceSaved({ title: 'Berhasil Update', text: res.message, notice: res.periodNotice, asToast: true });
    } catch (err) {
      void alertDialog('error', office ? 'Gagal Update' : 'Gagal Tambah', errorMessage(err, 'Terjadi kesalahan'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal id="office-form" title={office ? 'Edit Kantor' : 'Tambah Kantor'} onClose={() => void cancel()} wide>
      <form method="post" onSubmit={submit} noValidate className="space-y-4 px-6 py-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="office-name" label="Nama Kantor">
            <input
              id="office-name"
              ref={firstField}
              className={inputClass}
              value={form.name}
              onChange={set('name')}
              disabled={saving}
              placeholder="Cabang Makassar"
              autoComplete="off"
            />
          </Field>
          <SelectField id="office-timezone" label="Zona Waktu" value={form.timezone} onChange={set('timezone')} disabled={saving}>
            {OFFICE_ZONES.map((z) => (
              <option key={z.value} value={z.value}>
                {z.label} · {z.value}
              </option>
            ))}
          </SelectField>
        </div>
        <Field id="office-address" label="Alamat Kantor">
          <textarea
            id="office-address"
            rows={2}
            className={inputClass}
            value={form.address}
            onChange={set('address')}
            disabled={saving}
            placeholder="Jl. ..."
          />
        </Field>
        <LocationFields
          value={form}
          onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
          disabled={saving}
          placeholder={{ latitude: '-5.147665', longitude: '119.432731' }}
        />
        {office && !office.isMain ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={form.active}
              onChange={(e) => setForm((f) => ({ ...f, active: e.target.checked }))}
              disabled={saving}
              className="h-4 w-4 rounded border-slate-300"
            />
            Kantor aktif (karyawan dapat absen di kantor ini)
          </label>
        ) : null}
        <ModalActions onCancel={() => void cancel()} busy={saving} ready={hydrated} submitLabel={office ? 'Update' : 'Tambah'} />
      </form>
    </Modal>
  );
}
