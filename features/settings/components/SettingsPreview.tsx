// The preview panel of Pengaturan Kantor: the saved values, 'Belum diatur' where empty.
import { formatDistance } from '@/lib/geo';
import { Eye } from 'lucide-react';
import type { SettingsDto } from '@/features/settings/types/settings';

/** The text the server shows for an office without an address; here it simply means "not set". */
export const UNSET_ADDRESS = 'Alamat kantor belum diatur';
const NOT_SET = 'Belum diatur';

export function SettingsPreview({ settings }: { settings: SettingsDto }) {
  const loc = settings.officeLocation;
  const hasPoint = loc.latitude !== null && loc.longitude !== null;
  const rows: [string, string][] = [
    ['Alamat', loc.address && loc.address !== UNSET_ADDRESS ? loc.address : NOT_SET],
    ['Koordinat', hasPoint ? `${loc.latitude!.toFixed(6)}, ${loc.longitude!.toFixed(6)}` : NOT_SET],
    ['Radius', loc.radius ? formatDistance(loc.radius) : NOT_SET],
    ['Nama Perusahaan', settings.companyName.trim() || NOT_SET],
    [
      'Jam Kerja Default',
      settings.workingHours.start && settings.workingHours.end ? `${settings.workingHours.start} - ${settings.workingHours.end}` : NOT_SET,
    ],
    ['Zona Waktu', settings.timezone || NOT_SET],
  ];
  return (
    <aside className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="preview-title" data-testid="settings-preview">
      <h2 id="preview-title" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Eye className="h-5 w-5 text-slate-500" aria-hidden />
        Preview Pengaturan
      </h2>
      <dl className="space-y-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
            <dd
              className={`font-medium ${value === NOT_SET ? 'italic text-slate-400' : 'text-slate-800'}`}
              data-testid={`preview-${label.toLowerCase().replace(/\s+/g, '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
