import { AuditLogPage } from '@/components/audit/AuditLogPage';

// Log Audit: the trail of every privileged change and security event (docs/audit.md).
export default function Page() {
  return <AuditLogPage />;
}
