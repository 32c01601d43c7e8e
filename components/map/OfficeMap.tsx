'use client';
// The office (marker + radius circle) and the user's position on a Leaflet map.
// Load with next/dynamic(..., { ssr: false }). Works without tiles (markers and circle still draw).
import { useEffect } from 'react';
import { Circle, Marker, Popup, useMap } from 'react-leaflet';
import L from 'leaflet';
import MapBase from '@/components/map/MapBase';
import { officeIcon, userIcon } from '@/components/map/leaflet-icons';

export type MapPoint = { latitude: number; longitude: number };

/** Keeps the radius circle and the user's position in view when they change. */
function FitPoints({ office, radius, user }: { office: MapPoint; radius: number; user: MapPoint | null }) {
  const map = useMap();
  useEffect(() => {
    const bounds = L.latLng(office.latitude, office.longitude).toBounds(radius * 2);
    if (user) bounds.extend([user.latitude, user.longitude]);
    map.fitBounds(bounds.pad(0.15), { maxZoom: 18 });
  }, [map, office.latitude, office.longitude, radius, user?.latitude, user?.longitude]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

export default function OfficeMap({
  office,
  radius,
  address,
  user,
  className = 'h-80 w-full',
}: {
  office: MapPoint;
  radius: number;
  address?: string;
  user: MapPoint | null;
  className?: string;
}) {
  return (
    <div data-testid="office-map">
      <MapBase center={[office.latitude, office.longitude]} className={className}>
        <FitPoints office={office} radius={radius} user={user} />
        <Circle center={[office.latitude, office.longitude]} radius={radius} pathOptions={{ color: '#2563eb', fillColor: '#3b82f6', fillOpacity: 0.15 }} />
        <Marker position={[office.latitude, office.longitude]} icon={officeIcon} title="Kantor" alt="Lokasi kantor">
          <Popup>
            <strong>Kantor</strong>
            {address ? <div>{address}</div> : null}
          </Popup>
        </Marker>
        {user ? (
          <Marker position={[user.latitude, user.longitude]} icon={userIcon} title="Lokasi Anda" alt="Lokasi Anda">
            <Popup>Lokasi Anda</Popup>
          </Marker>
        ) : null}
      </MapBase>
    </div>
  );
}
