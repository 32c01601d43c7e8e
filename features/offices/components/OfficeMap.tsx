'use client';
// The office (marker + radius circle), the employee's other offices and the user's position on a Leaflet map.
// Load with next/dynamic(..., { ssr: false }). Works without tiles (markers and circles still draw).
import { useEffect } from 'react';
import { Circle, Marker, Popup, useMap } from 'react-leaflet';
import L from 'leaflet';
import MapBase from '@/features/offices/components/MapBase';
import { officeIcon, userIcon } from '@/features/offices/components/leaflet-icons';

export type MapPoint = { latitude: number; longitude: number };
export type MapOffice = MapPoint & { radius: number; name?: string; address?: string | null };

/** Keeps every radius circle and the user's position in view when they change. */
function FitPoints({ offices, user }: { offices: MapOffice[]; user: MapPoint | null }) {
  const map = useMap();
  const key = offices.map((o) => `${o.latitude},${o.longitude},${o.radius}`).join(';');
  useEffect(() => {
    const [first, ...rest] = offices;
    if (!first) return;
    const bounds = L.latLng(first.latitude, first.longitude).toBounds(first.radius * 2);
    for (const o of rest) bounds.extend(L.latLng(o.latitude, o.longitude).toBounds(o.radius * 2));
    if (user) bounds.extend([user.latitude, user.longitude]);
    map.fitBounds(bounds.pad(0.15), { maxZoom: 18 });
  }, [map, key, user?.latitude, user?.longitude]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

function OfficeMark({ office, muted }: { office: MapOffice; muted?: boolean }) {
  const title = office.name ?? 'Kantor';
  return (
    <>
      <Circle
        center={[office.latitude, office.longitude]}
        radius={office.radius}
        pathOptions={
          muted
            ? { color: '#64748b', fillColor: '#94a3b8', fillOpacity: 0.12 }
            : { color: '#2563eb', fillColor: '#3b82f6', fillOpacity: 0.15 }
        }
      />
      <Marker
        position={[office.latitude, office.longitude]}
        icon={officeIcon}
        title={title}
        alt={`Lokasi ${title}`}
        opacity={muted ? 0.75 : 1}
      >
        <Popup>
          <strong>{title}</strong>
          {office.address ? <div>{office.address}</div> : null}
        </Popup>
      </Marker>
    </>
  );
}

export default function OfficeMap({
  office,
  radius,
  address,
  others = [],
  user,
  className = 'h-80 w-full',
}: {
  office: MapPoint & { name?: string };
  radius: number;
  address?: string | null;
  /** The employee's other offices, drawn muted. */
  others?: MapOffice[];
  user: MapPoint | null;
  className?: string;
}) {
  const main: MapOffice = { latitude: office.latitude, longitude: office.longitude, radius, name: office.name, address };
  return (
    <div data-testid="office-map">
      <MapBase center={[office.latitude, office.longitude]} className={className}>
        <FitPoints offices={[main, ...others]} user={user} />
        {others.map((o) => (
          <OfficeMark key={`${o.latitude},${o.longitude},${o.name ?? ''}`} office={o} muted />
        ))}
        <OfficeMark office={main} />
        {user ? (
          <Marker position={[user.latitude, user.longitude]} icon={userIcon} title="Lokasi Anda" alt="Lokasi Anda">
            <Popup>Lokasi Anda</Popup>
          </Marker>
        ) : null}
      </MapBase>
    </div>
  );
}
