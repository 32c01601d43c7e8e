'use client';
// Pengaturan Kantor: the anti-fraud policies (docs/anti-fraud.md): the position accuracy ceiling, the
// client-clock tolerance, the device policy, each office's public-IP allow-list, and the registered
// devices an administrator may reset (audited).
import { useCallback, useEffect, useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { useHydrated } from '@/hooks/useHydrated';
import { api, errorMessage } from '@/lib/api-client';
import { confirmDialog, toast } from '@/lib/ui/alerts';
import { formatDateLong } from '@/lib/dates';
import type { AntiFraudSettingsDto } from '@/features/anti-fraud/types/anti-fraud';
import type { DeviceDto } from '@/features/anti-fraud/types/anti-fraud';
import type { Policy } from '@/features/anti-fraud/validation/anti-fraud';

const input =
  'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200';
const POLICY_LABEL: Record<Policy, string> = { off: 'Nonaktif', flag: 'Tandai untuk ditinjau', require: 'Wajib (tolak absensi)' };

type Form = {
  locationAccuracyMaxM: string;
  clockSkewMaxMinutes: string;
  devicePolicy: Policy;
  offices: { id: string; name: string; active: boolean; ipPolicy: Policy; ipAllowList: string }[];
};

const toForm = (s: AntiFraudSettingsDto): Form => ({
  locationAccuracyMaxM: String(s.locationAccuracyMaxM),
  clockSkewMaxMinutes: String(s.clockSkewMaxMinutes),
  devicePolicy: s.devicePolicy,
  offices: s.offices.map((o) => ({ ...o, ipAllowList: o.ipAllowList.join(', ') })),
});

export function AntiFraudPanel() {
  const hydrated = useHydrated();
  const [form, setForm] = useState<Form | null>(null);
  const [devices, setDevices] = useState<DeviceDto[]>([]);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      const [settings, list] = await Promise.all([
        api.get<AntiFraudSettingsDto>('/settings/anti-fraud'),
        api.get<DeviceDto[]>('/devices?all=1'),
      ]);
      setForm(toForm(settings));
      setDevices(list);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    if (!form) return;
    setSaving(true);
    try {
      const res = await api.put<{ message: string; settings: AntiFraudSettingsDto }>('/settings/anti-fraud', {
        locationAccuracyMaxM: Number(form.locationAccuracyMaxM),
        clockSkewMaxMinutes: Number(form.clockSkewMaxMinutes),
        devicePolicy: form.devicePolicy,
        offices: form.offices.map((o) => ({ id: o.id, ipPolicy: o.ipPolicy, ipAllowList: o.ipAllowList.split(/[\s,]+/).filter(Boolean) })),
      });
      setForm(toForm(res.settings));
      void toast('success', res.message, 2000);
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal menyimpan pengaturan'));
    } finally {
      setSaving(false);
    }
  };

  const reset = async (d: DeviceDto) => {
    const ok = await confirmDialog({
      title: 'Reset Perangkat',
      text: `Reset pendaftaran perangkat "${d.name}" milik ${d.userName}? Karyawan dapat mendaftarkan perangkat baru setelahnya.`,
      confirmText: 'Ya, Reset',
      icon: 'warning',
    });
    if (!ok) return;
    try {
      await api.delete(`/devices/${d.id}`);
      void toast('success', `Pendaftaran perangkat ${d.userName} berhasil direset`, 2000);
      await load();
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal mereset perangkat'));
    }
  };

  return (
    <section
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5"
      aria-labelledby="anti-fraud-title"
      data-testid="anti-fraud-panel"
    >
      <h2 id="anti-fraud-title" className="mb-1 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ShieldAlert className="h-5 w-5 text-blue-600" aria-hidden /> Anti-Kecurangan Absensi
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Yang tidak dapat dibuktikan oleh peramban ditandai untuk ditinjau (Perlu Tinjauan); hanya yang pasti yang ditolak.
      </p>
      {failed ? <p className="text-sm text-red-600">Gagal memuat pengaturan anti-kecurangan</p> : null}
      {form ? (
        <form
          method="post"
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="grid gap-3 sm:grid-cols-3">
            <label className="text-sm font-medium text-slate-700">
              Batas akurasi lokasi (meter)
              <input
                type="number"
                min={10}
                max={5000}
                className={`${input} mt-1`}
                value={form.locationAccuracyMaxM}
                onChange={(e) => setForm({ ...form, locationAccuracyMaxM: e.target.value })}
              />
            </label>
            <label className="text-sm font-medium text-slate-700">
              Selisih jam perangkat (menit)
              <input
                type="number"
                min={1}
                max={240}
                className={`${input} mt-1`}
                value={form.clockSkewMaxMinutes}
                onChange={(e) => setForm({ ...form, clockSkewMaxMinutes: e.target.value })}
              />
            </label>
            <label className="text-sm font-medium text-slate-700">
              Perangkat tidak terdaftar
              <select
                className={`${input} mt-1`}
                value={form.devicePolicy}
                onChange={(e) => setForm({ ...form, devicePolicy: e.target.value as Policy })}
              >
                {(Object.keys(POLICY_LABEL) as Policy[]).map((p) => (
                  <option key={p} value={p}>
                    {POLICY_LABEL[p]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-800">Jaringan kantor (IP publik)</legend>
            {form.offices.map((o, i) => (
              <div key={o.id} className="grid gap-2 sm:grid-cols-3">
                <span className="self-center text-sm text-slate-700">
                  {o.name}
                  {o.active ? '' : ' (nonaktif)'}
                </span>
                <select
                  aria-label={`Aturan jaringan ${o.name}`}
                  className={input}
                  value={o.ipPolicy}
                  onChange={(e) =>
                    setForm({ ...form, offices: form.offices.map((x, k) => (k === i ? { ...x, ipPolicy: e.target.value as Policy } : x)) })
                  }
                >
                  {(Object.keys(POLICY_LABEL) as Policy[]).map((p) => (
                    <option key={p} value={p}>
                      {POLICY_LABEL[p]}
                    </option>
                  ))}
                </select>
                <input
                  aria-label={`Alamat IP ${o.name}`}
                  placeholder="203.0.113.7, 203.0.113.0/24"
                  className={input}
                  value={o.ipAllowList}
                  onChange={(e) =>
                    setForm({ ...form, offices: form.offices.map((x, k) => (k === i ? { ...x, ipAllowList: e.target.value } : x)) })
                  }
                />
              </div>
            ))}
          </fieldset>
          <button
            type="submit"
            disabled={saving || !hydrated}
            className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-50"
          >
            Simpan Pengaturan Anti-Kecurangan
          </button>
        </form>
      ) : null}
      <h3 className="mb-2 mt-6 text-sm font-semibold text-slate-800">Perangkat terdaftar</h3>
      {devices.length === 0 ? (
        <p className="text-sm text-slate-500">Belum ada perangkat terdaftar.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="device-list">
          {devices.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="font-medium text-slate-900">{d.userName}</span> · {d.name}
                <span className="block text-xs text-slate-500">
                  Didaftarkan {formatDateLong(d.createdAt.slice(0, 10))}
                  {d.lastUsedAt ? ` · terakhir dipakai ${formatDateLong(d.lastUsedAt.slice(0, 10))}` : ''}
                </span>
              </span>
              <button
                type="button"
                onClick={() => void reset(d)}
                className="rounded-md border border-red-300 px-2.5 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
                aria-label={`Reset perangkat ${d.userName}`}
              >
                Reset
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
