import { AuditLogPage } from '@/features/audit/components/AuditLogPage';

// Log Audit for HR: the same trail, read only (docs/audit.md, docs/roles.md).
export default function Page() {
  return <AuditLogPage />;
}
