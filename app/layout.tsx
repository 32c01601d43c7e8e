import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { getEnv } from '@/lib/env';
import { PwaClient } from '@/components/pwa/PwaClient';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Absensi', template: '%s · Absensi' },
  description: 'Sistem Absensi Karyawan Modern',
  applicationName: 'Absensi',
  icons: { icon: '/icons/favicon-32.png', apple: '/icons/apple-touch-icon.png' },
  appleWebApp: { capable: true, title: 'Absensi', statusBarStyle: 'default' },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1d4ed8' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request: its Content-Security-Policy nonce (proxy.ts) is new each time.
  await connection();
  return (
    <html lang="id">
      <body className="min-h-screen font-sans">
        {children}
        <PwaClient serviceWorker={getEnv().NODE_ENV === 'production'} />
      </body>
    </html>
  );
}
