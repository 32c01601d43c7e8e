'use client';
// An office's position as a form edits it: Latitude, Longitude and Radius Absensi (meter) in a row, then
// the clickable map with 'Gunakan Lokasi Saat Ini'. Used by the 'Lokasi Kantor' settings tab and the
// Tambah/Edit Kantor dialog; each keeps its own form state and passes these three strings in.
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Crosshair } from 'lucide-react';
import { NumberField, TextField } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { currentPosition } from '@/features/settings/components/geolocation';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';

const LocationPickerMap = dynamic(() => import('@/features/settings/components/LocationPickerMap'), {
  ssr: false,
  loading: () => <Spinner label="Memuat peta..." className="h-80" />,
});

export type LocationValue = { latitude: string; longitude: string; radius: string };

const numberOrNull = (v: string) => (v.trim() === '' || !Number.isFinite(Number(v)) ? null : Number(v));

export function LocationFields({
  value,
  onChange,
  disabled,
  placeholder,
  children,
}: {
  value: LocationValue;
  /** Called with the fields that changed (a map click or the browser's position sets both coordinates). */
  onChange: (patch: Partial<LocationValue>) => void;
  disabled: boolean;
  placeholder: { latitude: string; longitude: string };
  /** Fields shown between the coordinates and the map (the settings tab's address). */
  children?: React.ReactNode;
}) {
  const [locating, setLocating] = useState(false);
  const set = (key: keyof LocationValue) => (e: React.ChangeEvent<HTMLInputElement>) => onChange({ [key]: e.target.value });
  const pick = (lat: number, lng: number) => onChange({ latitude: lat.toFixed(6), longitude: lng.toFixed(6) });

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

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="office-latitude"
          label="Latitude"
          inputMode="decimal"
          value={value.latitude}
          onChange={set('latitude')}
          disabled={disabled}
          placeholder={placeholder.latitude}
        />
        <TextField
          id="office-longitude"
          label="Longitude"
          inputMode="decimal"
          value={value.longitude}
          onChange={set('longitude')}
          disabled={disabled}
          placeholder={placeholder.longitude}
        />
        <NumberField
          id="office-radius"
          label="Radius Absensi (meter)"
          min={10}
          step={1}
          value={value.radius}
          onChange={set('radius')}
          disabled={disabled}
        />
      </div>
      {children}
      <div>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">Klik peta untuk menentukan titik kantor.</p>
          <button
            type="button"
            onClick={() => void locateMe()}
            disabled={locating || disabled}
            className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
          >
            <Crosshair className="h-4 w-4" aria-hidden />
            {locating ? 'Mendeteksi...' : 'Gunakan Lokasi Saat Ini'}
          </button>
        </div>
        <LocationPickerMap
          latitude={numberOrNull(value.latitude)}
          longitude={numberOrNull(value.longitude)}
          radius={numberOrNull(value.radius)}
          onPick={pick}
        />
      </div>
    </>
  );
}
