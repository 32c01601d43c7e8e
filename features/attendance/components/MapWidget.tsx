'use client';
// The office map widget of the attendance screen: markers, radius circle, distance and a refresh.
// The map's code (Leaflet, ~44 KB compressed) loads when the widget comes into view, not with the page.
import { formatDistance } from '@/lib/geo';
import dynamic from 'next/dynamic';
import { useRef } from 'react';
import { RefreshCw } from 'lucide-react';
import { hasOfficeCoordinates, officeFix, otherOffices, type OfficeLocation } from '@/features/attendance/components/useOffice';
import type { GeoPosition } from '@/hooks/useGeolocation';
import { useInView } from '@/hooks/useInView';

const MapPlaceholder = () => (
  <div className="flex h-72 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600">Memuat peta...</div>
);

const OfficeMap = dynamic(() => import('@/features/offices/components/OfficeMap'), { ssr: false, loading: MapPlaceholder });

/** `ready`: the page above the widget has its data (its height is final), so "in view" means it. */
export function MapWidget({
  office,
  others = [],
  position,
  onRefresh,
  loading,
  officeLoading = false,
  ready = true,
}: {
  office: OfficeLocation | null;
  /** Every office of the employee; those other than `office` are drawn muted. */
  others?: OfficeLocation[];
  position: GeoPosition | null;
  onRefresh: () => void;
  loading?: boolean;
  /** The office list is still on its way: a null `office` then means "not known yet", not "not set". */
  officeLoading?: boolean;
  ready?: boolean;
}) {
  const fix = officeFix(office, position);
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref, { enabled: ready });
  return (
    <section ref={ref} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">Peta Lokasi</h2>
        <button
          type="button"
          onClick={onRefresh}
          disabled={loading}
          className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden /> Refresh
        </button>
      </div>
      {hasOfficeCoordinates(office) ? (
        <>
          {inView ? (
            <OfficeMap
              office={office}
              radius={office.radius}
              address={office.address}
              others={otherOffices(others, office)}
              user={position}
              className="h-72 w-full"
            />
          ) : (
            <MapPlaceholder />
          )}
          <p className="mt-2 text-sm text-slate-600" data-testid="map-distance">
            {fix
              ? `Jarak ke kantor: ${formatDistance(fix.distance)} (radius ${formatDistance(office.radius)})`
              : 'Jarak ke kantor: menunggu lokasi Anda'}
            {fix && others.length > 1 && office.name ? ` · ${office.name}` : ''}
          </p>
        </>
      ) : officeLoading ? (
        <MapPlaceholder />
      ) : (
        <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-800">Lokasi kantor belum diatur</p>
      )}
    </section>
  );
}
