'use client';
// 'Lokasi Kantor' tab: coordinates, radius and address, a clickable map and the browser's position.
import { useHydrated } from '@/hooks/useHydrated';
import { useState } from 'react';
import { Save } from 'lucide-react';
import { Field, inputClass } from '@/components/ui/Field';
import { LocationFields } from '@/features/settings/components/LocationFields';
import { UNSET_ADDRESS } from '@/features/settings/components/SettingsPreview';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, savedToast, toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { officeLocationSchema } from '@/features/settings/validation/settings';
import type { OfficeLocationDto } from '@/features/settings/types/settings';

type Form = { latitude: string; longitude: string; radius: string; address: string };

function fromDto(loc: OfficeLocationDto): Form {
  return {
    latitude: loc.latitude === null ? '' : String(loc.latitude),
    longitude: loc.longitude === null ? '' : String(loc.longitude),
    radius: String(loc.radius ?? 100),
    address: loc.address === UNSET_ADDRESS ? '' : loc.address,
  };
}

export function LocationSettingsForm({ location, onSaved }: { location: OfficeLocationDto; onSaved: (loc: OfficeLocationDto) => void }) {
  const hydrated = useHydrated();
  const [form, setForm] = useState<Form>(() => fromDto(location));
  const [saving, setSaving] = useState(false);
  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = officeLocationSchema.safeParse(form);
    const invalid = firstError(parsed);
    if (invalid || !parsed.success) return void toast('error', invalid ?? 'Data tidak valid');
    setSaving(true);
    try {
      const res = await api.put<{ message: string; officeLocation: OfficeLocationDto }>('/settings/office-location', {
        officeLocation: parsed.data,
      });
      onSaved(res.officeLocation);
      void savedToast('Pengaturan berhasil disimpan');
    } catch (err) {
      void alertDialog('error', 'Gagal menyimpan pengaturan', errorMessage(err, 'Gagal menyimpan pengaturan'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form method="post" onSubmit={save} noValidate className="space-y-4">
      <LocationFields
        value={form}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        disabled={saving}
        placeholder={{ latitude: '-6.200000', longitude: '106.816666' }}
      >
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
      </LocationFields>
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={saving || !hydrated}
          className="flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
        >
          <Save className="h-4 w-4" aria-hidden />
          {saving ? 'Menyimpan...' : 'Simpan Lokasi'}
        </button>
      </div>
    </form>
  );
}
