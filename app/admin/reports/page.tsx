import { PageHeader } from '@/components/ui/PageHeader';
import { LeaveApprovalList } from '@/components/leave/LeaveApprovalList';

export default function Page() {
  return (
    <div>
      <PageHeader title="Laporan & Analytics" subtitle="Analisis data absensi dan pengajuan cuti karyawan" />
      <LeaveApprovalList />
    </div>
  );
}
