import { StaffCorrections } from '@/features/corrections/components/StaffCorrections';

export default function Page() {
  return <StaffCorrections canCorrectDirectly />;
}
