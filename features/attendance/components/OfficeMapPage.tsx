'use client';
// Peta Lokasi Kantor (/employee/map): the nearest of the employee's offices and the status, the map with
// every office of the employee and its legend, on a phone too (shorter there; the spec's 'use desktop
// mode' message left people at the office door without a map, issue 35),
// Refresh and Coba Lagi reload the office location and the position, then toast the outcome:
// 'Lokasi berhasil didapatkan' (2 s) or the map screen's error text (the texts are in hooks/useGeolocation.ts).
import { formatDistance } from '@/lib/geo';
import { useCallback } from 'react';
import dynamic from 'next/dynamic';
import { Building2, MapPin, Navigation, RefreshCw } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Card } from '@/features/attendance/components/parts';
import { hasOfficeCoordinates, officeFix, otherOffices, useOffice } from '@/features/attendance/components/useOffice';
import { MAP_GEO, useGeolocation } from '@/hooks/useGeolocation';
import { toast } from '@/lib/ui/alerts';

const OfficeMap = dynamic(() => import('@/features/offices/components/OfficeMap'), {
  ssr: false,
  loading: () => (
    <div className="flex h-72 items-center sm:h-[28rem] justify-center rounded-lg bg-slate-100 text-sm text-slate-600">Memuat peta...</div>
  ),
});

const btn = 'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-50';

export function OfficeMapPage() {
  const geo = useGeolocation(MAP_GEO, 'map');
  const { office, offices, failed, loading: loadingOffice, reload: loadOffice } = useOffice(undefined, geo.position);
  const officeError = failed ? 'Gagal memuat lokasi kantor' : null;

  const { locate } = geo;
  const reloadAll = useCallback(async () => {
    void loadOffice();
    const result = await locate();
    if ('error' in result) void toast('error', result.error);
    else void toast('success', 'Lokasi berhasil didapatkan', 2000);
  }, [loadOffice, locate]);

  const fix = officeFix(office, geo.position);
  const busy = loadingOffice || geo.loading;
  const officeSet = hasOfficeCoordinates(office);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Peta Lokasi Kantor"
        subtitle="Lokasi kantor, posisi Anda dan jarak Anda dari kantor"
        actions={
          <button
            type="button"
            onClick={() => void reloadAll()}
            disabled={busy}
            className={`${btn} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          >
            <RefreshCw className={`h-4 w-4 ${busy ? 'animate-spin' : ''}`} aria-hidden /> Refresh
          </button>
        }
      />

      {officeError || geo.error ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700"
        >
          <div className="space-y-1">
            {officeError ? <p>{officeError}</p> : null}
            {geo.error ? <p>{geo.error}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => void reloadAll()}
            disabled={busy}
            className={`${btn} bg-red-600 text-white hover:bg-red-700`}
          >
            Coba Lagi
          </button>
        </div>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Card
          title={
            <span className="flex items-center gap-2">
              <Building2 className="h-5 w-5 text-blue-600" aria-hidden /> Lokasi Kantor
            </span>
          }
        >
          {loadingOffice && !office ? (
            <p className="text-sm text-slate-500">Memuat...</p>
          ) : officeSet ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="office-card">
              {office.name ? (
                <>
                  <dt className="text-slate-500">{offices.length > 1 ? 'Kantor terdekat' : 'Kantor'}</dt>
                  <dd className="font-medium text-slate-900" data-testid="map-office-name">
                    {office.name} ({office.zone})
                  </dd>
                </>
              ) : null}
              <dt className="text-slate-500">Alamat</dt>
              <dd className="text-slate-900">{office.address ?? '-'}</dd>
              <dt className="text-slate-500">Latitude</dt>
              <dd className="font-mono text-slate-900">{office.latitude.toFixed(6)}</dd>
              <dt className="text-slate-500">Longitude</dt>
              <dd className="font-mono text-slate-900">{office.longitude.toFixed(6)}</dd>
              <dt className="text-slate-500">Radius</dt>
              <dd className="text-slate-900">{formatDistance(office.radius)}</dd>
            </dl>
          ) : office ? (
            <p className="text-sm font-medium text-amber-700">Lokasi kantor belum diatur</p>
          ) : (
            <p className="text-sm text-slate-500">-</p>
          )}
        </Card>
        <Card
          title={
            <span className="flex items-center gap-2">
              <Navigation className="h-5 w-5 text-green-600" aria-hidden /> Status Anda
            </span>
          }
        >
          {fix ? (
            <div className="space-y-1 text-sm" data-testid="map-status">
              <p>
                Jarak dari kantor:{' '}
                <strong className="text-slate-900" data-testid="map-page-distance">
                  {formatDistance(fix.distance)}
                </strong>
              </p>
              <p className={`font-semibold ${fix.inside ? 'text-green-700' : 'text-red-700'}`}>
                {fix.inside ? 'Dalam Radius Kantor' : 'Di Luar Radius Kantor'}
              </p>
              {geo.position ? <p className="text-slate-500">Akurasi ±{formatDistance(geo.position.accuracy)}</p> : null}
            </div>
          ) : (
            <p className="text-sm text-slate-500">{geo.loading ? 'Mendeteksi lokasi...' : geo.error ? 'Lokasi tidak terdeteksi' : '-'}</p>
          )}
        </Card>
      </div>

      {officeSet ? (
        <Card title="Peta Interaktif">
          <OfficeMap
            office={office}
            radius={office.radius}
            address={office.address}
            others={otherOffices(offices, office)}
            user={geo.position}
            className="h-72 w-full sm:h-[28rem]"
          />
          <ul className="mt-3 flex flex-wrap gap-4 text-sm text-slate-600" aria-label="Legenda">
            <li className="flex items-center gap-2">
              <MapPin className="h-4 w-4 text-blue-600" aria-hidden /> Kantor
            </li>
            <li className="flex items-center gap-2">
              <span className="h-3 w-3 rounded-full border-2 border-white bg-green-600 ring-2 ring-green-600" aria-hidden /> Lokasi Anda
            </li>
            <li className="flex items-center gap-2">
              <span className="h-3 w-3 rounded-full border-2 border-blue-600 bg-blue-200" aria-hidden /> Radius{' '}
              {formatDistance(office.radius)}
            </li>
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
