'use client';
// 'Pengaturan Umum' tab: company name, default working hours, timezone, working days, and the
// face-match threshold, photo retention, the liveness policy and how kiosks identify (with what they do).
import { useHydrated } from '@/hooks/useHydrated';
import { useMemo, useState } from 'react';
import { Save } from 'lucide-react';
import { NumberField, SelectField, TextField } from '@/components/ui/Field';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import {
  generalSettingsSchema,
  INDONESIAN_ZONES,
  KIOSK_IDENTIFY_MODES,
  LIVENESS_POLICIES,
  WEEKDAYS,
} from '@/features/settings/validation/settings';
import type { SettingsDto } from '@/features/settings/types/settings';
import { announceSaved } from '@/features/periods/components/saved-notice';
import type { PeriodNotice } from '@/features/periods/types/periods';

type Form = {
  companyName: string;
  start: string;
  end: string;
  timezone: string;
  workingDays: number[];
  faceMatchThreshold: string;
  photoRetentionDays: string;
  livenessPolicy: string;
  kioskIdentifyMode: string;
};

const fromDto = (s: SettingsDto): Form => ({
  companyName: s.companyName,
  start: s.workingHours.start,
  end: s.workingHours.end,
  timezone: s.timezone,
  workingDays: s.workingDays,
  faceMatchThreshold: String(s.faceMatchThreshold),
  photoRetentionDays: String(s.photoRetentionDays),
  livenessPolicy: s.livenessPolicy,
  kioskIdentifyMode: s.kioskIdentifyMode,
});

function otherZones(current: string): string[] {
  const first = new Set<string>(INDONESIAN_ZONES.map((z) => z.value));
  let all: string[] = [];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  if (!all.includes('UTC')) all = [...all, 'UTC'];
  if (current && !first.has(current) && !all.includes(current)) all = [...all, current];
  return all.filter((z) => !first.has(z)).sort();
}

export function GeneralSettingsForm({ settings, onSaved }: { settings: SettingsDto; onSaved: (s: SettingsDto) => void }) {
  const hydrated = useHydrated();
  const [form, setForm] = useState<Form>(() => fromDto(settings));
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => otherZones(settings.timezone), [settings.timezone]);
  const set =
    (
      key:
        'companyName' | 'start' | 'end' | 'timezone' | 'faceMatchThreshold' | 'photoRetentionDays' | 'livenessPolicy' | 'kioskIdentifyMode',
    ) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setForm((f) => ({ ...f, [key]: e.target.value }));
  const toggleDay = (day: number) =>
    setForm((f) => ({
      ...f,
      workingDays: f.workingDays.includes(day) ? f.workingDays.filter((d) => d !== day) : [...f.workingDays, day].sort((a, b) => a - b),
    }));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = generalSettingsSchema.safeParse({
      companyName: form.companyName,
      workingHours: { start: form.start, end: form.end },
      timezone: form.timezone,
      workingDays: form.workingDays,
      faceMatchThreshold: form.faceMatchThreshold,
      photoRetentionDays: form.photoRetentionDays,
      livenessPolicy: form.livenessPolicy,
      kioskIdentifyMode: form.kioskIdentifyMode,
    });
    const invalid = firstError(parsed);
    if (invalid || !parsed.success) return void toast('error', invalid ?? 'Data tidak valid');
    setSaving(true);
    try {
      const res = await api.put<{ message: string; settings: SettingsDto; periodNotice: PeriodNotice | null }>('/settings', parsed.data);
      onSaved(res.settings);
      announceSaved({ title: 'Pengaturan berhasil disimpan', notice: res.periodNotice });
    } catch (err) {
      void alertDialog('error', 'Gagal menyimpan pengaturan', errorMessage(err, 'Gagal menyimpan pengaturan'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form method="post" onSubmit={save} noValidate className="space-y-5">
      <TextField
        id="company-name"
        label="Nama Perusahaan"
        value={form.companyName}
        onChange={set('companyName')}
        disabled={saving}
        placeholder="PT Contoh Indonesia"
      />
      <div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="work-start" label="Jam Masuk Default" type="time" value={form.start} onChange={set('start')} disabled={saving} />
          <TextField id="work-end" label="Jam Pulang Default" type="time" value={form.end} onChange={set('end')} disabled={saving} />
        </div>
        <p className="mt-2 rounded-lg bg-amber-50 p-2 text-xs text-amber-800">
          Jam kerja default berlaku untuk karyawan yang tidak memiliki jam kerja sendiri. Jam kerja khusus diatur per karyawan di Kelola
          Karyawan.
        </p>
      </div>
      <SelectField
        id="timezone"
        label="Zona Waktu Kantor"
        hint="Menentukan tanggal absensi dan jam yang ditampilkan."
        value={form.timezone}
        onChange={set('timezone')}
        disabled={saving}
      >
        <optgroup label="Indonesia">
          {INDONESIAN_ZONES.map((z) => (
            <option key={z.value} value={z.value}>
              {z.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="Lainnya">
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </optgroup>
      </SelectField>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">Hari Kerja</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((d) => (
            <label key={d.value} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-slate-700">
              <input type="checkbox" checked={form.workingDays.includes(d.value)} onChange={() => toggleDay(d.value)} disabled={saving} />
              {d.label}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-500">Hari yang tidak dicentang tidak dihitung sebagai hari kerja di laporan.</p>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          id="face-threshold"
          label="Ambang Kecocokan Wajah"
          hint="Jarak maksimum antara wajah saat absen dan wajah terdaftar agar dianggap orang yang sama (0,3–0,8). Makin kecil makin ketat."
          min={0.3}
          max={0.8}
          step={0.01}
          value={form.faceMatchThreshold}
          onChange={set('faceMatchThreshold')}
          disabled={saving}
        />
        <NumberField
          id="photo-retention"
          label="Masa Simpan Foto (hari)"
          hint="Foto absensi yang lebih lama dari jumlah hari ini dihapus otomatis (1–3650 hari)."
          min={1}
          max={3650}
          step={1}
          value={form.photoRetentionDays}
          onChange={set('photoRetentionDays')}
          disabled={saving}
        />
      </div>
      <SelectField
        id="liveness-policy"
        label="Pemeriksaan Gerakan Wajah"
        hint="Saat absen, karyawan diminta berkedip atau menoleh sesuai urutan acak agar foto atau layar yang diangkat ke kamera tidak lolos. Pilih apa yang terjadi bila gerakan tidak terbukti."
        value={form.livenessPolicy}
        onChange={set('livenessPolicy')}
        disabled={saving}
      >
        {LIVENESS_POLICIES.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="kiosk-identify-mode"
        label="Identifikasi di Kiosk Absensi"
        hint="Wajah saja: kiosk mencari wajah di antara karyawan kantornya. NIK atau PIN dulu: karyawan mengetik NIK atau PIN mesin absensi, lalu wajahnya dicocokkan dengan orang itu saja."
        value={form.kioskIdentifyMode}
        onChange={set('kioskIdentifyMode')}
        disabled={saving}
      >
        {KIOSK_IDENTIFY_MODES.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </SelectField>
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={saving || !hydrated}
          className="flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
        >
          <Save className="h-4 w-4" aria-hidden />
          {saving ? 'Menyimpan...' : 'Simpan Pengaturan'}
        </button>
      </div>
    </form>
  );
}
