'use client';
// The office picker map: a click sets the coordinates; the marker and the radius circle follow the
// inputs. Load with next/dynamic(..., { ssr: false }). Works without tiles (offline): marker and circle still draw.
import { useEffect } from 'react';
import { Circle, Marker, useMap, useMapEvents } from 'react-leaflet';
import MapBase, { DEFAULT_ZOOM, JAKARTA } from '@/features/offices/components/MapBase';
import { officeIcon } from '@/features/offices/components/leaflet-icons';

type Props = { latitude: number | null; longitude: number | null; radius: number | null; onPick: (lat: number, lng: number) => void };

function ClickToPick({ onPick }: { onPick: Props['onPick'] }) {
  useMapEvents({ click: (e) => onPick(e.latlng.lat, e.latlng.lng) });
  return null;
}

function FollowPoint({ point }: { point: [number, number] | null }) {
  const map = useMap();
  const lat = point?.[0];
  const lng = point?.[1];
  useEffect(() => {
    if (lat !== undefined && lng !== undefined) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

export default function LocationPickerMap({ latitude, longitude, radius, onPick }: Props) {
  const point: [number, number] | null =
    latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? [latitude, longitude] : null;
  return (
    <div data-testid="office-map">
      <MapBase center={point ?? JAKARTA} zoom={DEFAULT_ZOOM} className="h-80 w-full cursor-crosshair">
        <ClickToPick onPick={onPick} />
        <FollowPoint point={point} />
        {point ? <Marker position={point} icon={officeIcon} /> : null}
        {point && radius !== null && radius > 0 ? (
          <Circle center={point} radius={radius} pathOptions={{ color: '#2563eb', fillOpacity: 0.15 }} />
        ) : null}
      </MapBase>
    </div>
  );
}
