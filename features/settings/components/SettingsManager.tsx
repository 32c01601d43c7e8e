'use client';
// Pengaturan Kantor (/admin/settings): two tabs and a preview of the saved values; the anti-fraud policies below.
import { useCallback, useEffect, useState } from 'react';
import { Building2, MapPin } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { GeneralSettingsForm } from '@/features/settings/components/GeneralSettingsForm';
import { LocationSettingsForm } from '@/features/settings/components/LocationSettingsForm';
import { SettingsPreview } from '@/features/settings/components/SettingsPreview';
import { AntiFraudPanel } from '@/features/anti-fraud/components/AntiFraudPanel';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import type { SettingsDto } from '@/features/settings/types/settings';

const TABS = [
  { id: 'general', label: 'Pengaturan Umum', icon: Building2 },
  { id: 'location', label: 'Lokasi Kantor', icon: MapPin },
] as const;
type Tab = (typeof TABS)[number]['id'];

export function SettingsManager() {
  const [settings, setSettings] = useState<SettingsDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState<Tab>('general');
  const [visited, setVisited] = useState<Record<Tab, boolean>>({ general: true, location: false });
  const open = (t: Tab) => {
    setTab(t);
    setVisited((v) => ({ ...v, [t]: true }));
  };

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setSettings(await api.get<SettingsDto>('/settings'));
    } catch (err) {
      setFailed(true);
      void alertDialog('error', 'Gagal memuat pengaturan', errorMessage(err, 'Gagal memuat pengaturan'));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div>
      <PageHeader title="Pengaturan Kantor" subtitle="Atur lokasi kantor, radius absensi dan jam kerja default" />
      {!settings ? (
        failed ? (
          <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-sm text-red-700">
            <p>Gagal memuat pengaturan</p>
            <button
              type="button"
              onClick={() => void load()}
              className="mt-3 rounded-lg bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700"
            >
              Coba Lagi
            </button>
          </div>
        ) : (
          <Spinner label="Memuat pengaturan..." />
        )
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="rounded-xl border border-slate-200 bg-white lg:col-span-2">
            <div role="tablist" aria-label="Pengaturan" className="flex border-b border-slate-200">
              {TABS.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  id={`tab-${t.id}`}
                  aria-selected={tab === t.id}
                  aria-controls={`panel-${t.id}`}
                  onClick={() => open(t.id)}
                  className={`flex items-center gap-2 border-b-2 px-5 py-3 text-sm font-medium ${tab === t.id ? 'border-blue-600 text-blue-600' : 'border-transparent text-slate-500 hover:text-slate-700'}`}
                >
                  <t.icon className="h-4 w-4" aria-hidden />
                  {t.label}
                </button>
              ))}
            </div>
            {/* Both panels stay mounted once opened, so switching tabs keeps unsaved input; the map mounts on first visit. */}
            <div role="tabpanel" id="panel-general" aria-labelledby="tab-general" hidden={tab !== 'general'} className="p-5">
              <GeneralSettingsForm settings={settings} onSaved={setSettings} />
            </div>
            <div role="tabpanel" id="panel-location" aria-labelledby="tab-location" hidden={tab !== 'location'} className="p-5">
              {visited.location ? (
                <LocationSettingsForm
                  location={settings.officeLocation}
                  onSaved={(officeLocation) => setSettings((s) => (s ? { ...s, officeLocation } : s))}
                />
              ) : null}
            </div>
          </div>
          <div className="lg:self-start">
            <SettingsPreview settings={settings} />
          </div>
        </div>
      )}
      {settings ? <AntiFraudPanel /> : null}
    </div>
  );
}
