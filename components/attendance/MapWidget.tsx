'use client';
// The office map widget of the attendance screen: markers, radius circle, distance and a refresh.
import dynamic from 'next/dynamic';
import { RefreshCw } from 'lucide-react';
import { hasOfficeCoordinates, officeFix, type OfficeLocation } from '@/components/attendance/useOffice';
import type { GeoPosition } from '@/hooks/useGeolocation';

const OfficeMap = dynamic(() => import('@/components/map/OfficeMap'), {
  ssr: false,
  loading: () => <div className="flex h-72 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-500">Memuat peta...</div>,
});

export function MapWidget({ office, position, onRefresh, loading }: { office: OfficeLocation | null; position: GeoPosition | null; onRefresh: () => void; loading?: boolean }) {
  const fix = officeFix(office, position);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">Peta Lokasi</h2>
        <button type="button" onClick={onRefresh} disabled={loading} className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50">
          <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden /> Refresh
        </button>
      </div>
      {hasOfficeCoordinates(office) ? (
        <>
          <OfficeMap office={office} radius={office.radius} address={office.address} user={position} className="h-72 w-full" />
          <p className="mt-2 text-sm text-slate-600" data-testid="map-distance">
            {fix ? `Jarak ke kantor: ${Math.round(fix.distance)} meter (radius ${office.radius} meter)` : 'Jarak ke kantor: menunggu lokasi Anda'}
          </p>
        </>
      ) : (
        <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-800">Lokasi kantor belum diatur</p>
      )}
    </section>
  );
}
