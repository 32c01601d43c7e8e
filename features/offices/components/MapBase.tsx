'use client';
// A Leaflet map with the configured tile layer. Import through next/dynamic with ssr: false.
// Markers, circles and the layout work even when tiles cannot load (no network).
import 'leaflet/dist/leaflet.css';
import { MapContainer, TileLayer } from 'react-leaflet';
import { usePublicConfig } from '@/components/PublicConfig';

export const JAKARTA: [number, number] = [-6.2088, 106.8456];
export const DEFAULT_ZOOM = 16;

export default function MapBase({
  center,
  zoom = DEFAULT_ZOOM,
  className = 'h-80 w-full',
  children,
}: {
  center: [number, number];
  zoom?: number;
  className?: string;
  children?: React.ReactNode;
}) {
  const { mapTileUrl } = usePublicConfig();
  return (
    <MapContainer center={center} zoom={zoom} className={`${className} z-0 rounded-lg`} scrollWheelZoom={false}>
      <TileLayer url={mapTileUrl} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' />
      {children}
    </MapContainer>
  );
}
