import { WebhooksManager } from '@/features/webhooks/components/WebhooksManager';

// The admin layout has already checked the role.
export default function Page() {
  return <WebhooksManager />;
}
