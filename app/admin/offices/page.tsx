import { OfficesManager } from '@/features/offices/components/OfficesManager';

// The admin layout has already checked the role.
export default function Page() {
  return <OfficesManager />;
}
