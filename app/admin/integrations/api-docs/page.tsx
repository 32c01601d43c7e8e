import { ApiDocs } from '@/features/integrations/components/ApiDocs';

// The admin layout has already checked the role.
export default function Page() {
  return <ApiDocs />;
}
