import { StaffCorrections } from '@/components/corrections/StaffCorrections';

export default function Page() {
  return <StaffCorrections canCorrectDirectly />;
}
