import type { Metadata } from 'next';
import { ActivateForm } from '@/features/employees/components/ActivateForm';

export const metadata: Metadata = { title: 'Aktifkan Akun' };

export default async function ActivatePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <ActivateForm token={typeof token === 'string' ? token : ''} />;
}
