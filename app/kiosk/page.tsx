import type { Metadata } from 'next';
import { KioskApp } from '@/features/kiosk/components/KioskApp';

export const metadata: Metadata = { title: 'Kiosk Absensi' };

// A device's page, not a person's: no session; the kiosk's own credential is checked by /api/kiosk/* (docs/kiosk.md).
export default function Page() {
  return <KioskApp />;
}
