import { KiosksManager } from '@/features/kiosk/components/KiosksManager';

// The admin layout has already checked the role.
export default function Page() {
  return <KiosksManager />;
}
