import { OfficesManager } from '@/components/offices/OfficesManager';

// The admin layout has already checked the role.
export default function Page() {
  return <OfficesManager />;
}
