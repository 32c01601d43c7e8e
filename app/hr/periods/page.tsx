import { PeriodsPage } from '@/features/periods/components/PeriodsPage';

// Tutup Periode: HR closes and reopens months as the admin does (docs/roles.md).
export default function Page() {
  return <PeriodsPage area="hr" />;
}
