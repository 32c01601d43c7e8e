import { AuditLogPage } from '@/features/audit/components/AuditLogPage';

// Log Audit: the trail of every privileged change and security event (docs/audit.md).
export default function Page() {
  return <AuditLogPage />;
}
