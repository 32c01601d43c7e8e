// The audit log as the admin reads it (docs/audit.md).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.

export type AuditDto = {
  id: string;
  createdAt: string;
  actor: { id: string | null; name: string | null; role: string | null };
  kind: string;
  entity: string;
  entityId: string | null;
  targetUserId: string | null;
  targetUserName: string | null;
  before: unknown;
  after: unknown;
  note: string | null;
  ip: string | null;
};
