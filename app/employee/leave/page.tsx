import { PageHeader } from '@/components/ui/PageHeader';

export default function Page() {
  return <PageHeader title="Pengajuan Cuti" />;
}
