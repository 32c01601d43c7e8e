import { ApiKeysManager } from '@/features/integrations/components/ApiKeysManager';

// The admin layout has already checked the role.
export default function Page() {
  return <ApiKeysManager />;
}
