'use client';
// 'Lokasi Kantor' tab: coordinates, radius and address, a clickable map and the browser's position.
import { useHydrated } from '@/hooks/useHydrated';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Crosshair, Save } from 'lucide-react';
import { Field, inputClass } from '@/components/auth/AuthCard';
import { Spinner } from '@/components/ui/Spinner';
import { currentPosition } from '@/components/settings/geolocation';
import { UNSET_ADDRESS } from '@/components/settings/SettingsPreview';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { officeLocationSchema } from '@/lib/validation/settings';
import type { OfficeLocationDto } from '@/lib/types/settings';

const LocationPickerMap = dynamic(() => import('@/components/settings/LocationPickerMap'), {
  ssr: false,
  loading: () => <Spinner label="Memuat peta..." className="h-80" />,
});

type Form = { latitude: string; longitude: string; radius: string; address: string };

function fromDto(loc: OfficeLocationDto): Form {
  return {
    latitude: loc.latitude === null ? '' : String(loc.latitude),
    longitude: loc.longitude === null ? '' : String(loc.longitude),
    radius: String(loc.radius ?? 100),
    address: loc.address === UNSET_ADDRESS ? '' : loc.address,
  };
}

const numberOrNull = (v: string) => (v.trim() === '' || !Number.isFinite(Number(v)) ? null : Number(v));

export function LocationSettingsForm({ location, onSaved }: { location: OfficeLocationDto; onSaved: (loc: OfficeLocationDto) => void }) {
  const hydrated = useHydrated();
  const [form, setForm] = useState<Form>(() => fromDto(location));
  const [saving, setSaving] = useState(false);
  const [locating, setLocating] = useState(false);
  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const pick = (lat: number, lng: number) => setForm((f) => ({ ...f, latitude: lat.toFixed(6), longitude: lng.toFixed(6) }));

  const locateMe = async () => {
    setLocating(true);
    try {
      const pos = await currentPosition();
      pick(pos.coords.latitude, pos.coords.longitude);
      void toast('success', 'Lokasi berhasil didapatkan', 2000);
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal mendapatkan lokasi: Informasi lokasi tidak tersedia'));
    } finally {
      setLocating(false);
    }
  };

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
      void alertDialog('success', 'Pengaturan berhasil disimpan');
    } catch (err) {
      void alertDialog('error', 'Gagal menyimpan pengaturan', errorMessage(err, 'Gagal menyimpan pengaturan'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form method="post" onSubmit={save} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="office-latitude" label="Latitude">
          <input
            id="office-latitude"
            inputMode="decimal"
            className={inputClass}
            value={form.latitude}
            onChange={set('latitude')}
            disabled={saving}
            placeholder="-6.200000"
          />
        </Field>
        <Field id="office-longitude" label="Longitude">
          <input
            id="office-longitude"
            inputMode="decimal"
            className={inputClass}
            value={form.longitude}
            onChange={set('longitude')}
            disabled={saving}
            placeholder="106.816666"
          />
        </Field>
        <Field id="office-radius" label="Radius Absensi (meter)">
          <input
            id="office-radius"
            type="number"
            min={10}
            step={1}
            className={inputClass}
            value={form.radius}
            onChange={set('radius')}
            disabled={saving}
          />
        </Field>
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
      <div>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">Klik peta untuk menentukan titik kantor.</p>
          <button
            type="button"
            onClick={() => void locateMe()}
            disabled={locating || saving}
            className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
          >
            <Crosshair className="h-4 w-4" aria-hidden />
            {locating ? 'Mendeteksi...' : 'Gunakan Lokasi Saat Ini'}
          </button>
        </div>
        <LocationPickerMap
          latitude={numberOrNull(form.latitude)}
          longitude={numberOrNull(form.longitude)}
          radius={numberOrNull(form.radius)}
          onPick={pick}
        />
      </div>
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
