// The audit trail: one append-only row per privileged change or security event (docs/audit.md).
// A change and its row are written in the same transaction: pass the transaction client as `client`.
import { db } from '@/lib/server/db';
import { requestContext } from '@/lib/server/request-context';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Prisma } from '@/lib/generated/prisma/client';
import { dateKeyToDate, addDays } from '@/lib/dates';
import type { AuditQuery } from '@/features/audit/validation/audit';
import { assertStaff } from '@/lib/server/auth/policy';
import type { AuditDto } from '@/features/audit/types/audit';

type AuditClient = Pick<typeof db, 'auditLog'> | Prisma.TransactionClient;

export type AuditActor = Pick<SessionUser, 'id' | 'name' | 'role' | 'apiKeyId'> | null;

export type AuditEntry = {
  /** null: the system (a job). */
  actor: AuditActor;
  kind: string;
  entity: string;
  entityId?: string | null;
  targetUserId?: string | null;
  before?: unknown;
  after?: unknown;
  note?: string | null;
};

/** JSON-safe copy: Dates as ISO text, bigint as text, undefined dropped; secrets never belong here. */
function plain(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as Prisma.InputJsonValue;
}

export async function recordAudit(client: AuditClient, entry: AuditEntry): Promise<void> {
  await client.auditLog.create({
    data: {
      actorId: entry.actor?.id ?? null,
      actorName: entry.actor?.name ?? null,
      actorRole: entry.actor?.apiKeyId ? 'api_key' : (entry.actor?.role ?? null),
      kind: entry.kind,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      targetUserId: entry.targetUserId ?? null,
      before: plain(entry.before),
      after: plain(entry.after),
      note: entry.note ?? null,
      ip: requestContext()?.ip ?? null,
    },
  });
}

export type { AuditDto } from '@/features/audit/types/audit';

function where(q: AuditQuery): Prisma.AuditLogWhereInput {
  return {
    ...(q.actorId ? { actorId: q.actorId } : {}),
    ...(q.targetUserId ? { targetUserId: q.targetUserId } : {}),
    ...(q.kind ? { kind: { startsWith: q.kind } } : {}),
    ...(q.startDate || q.endDate
      ? {
          createdAt: {
            ...(q.startDate ? { gte: dateKeyToDate(q.startDate) } : {}),
            ...(q.endDate ? { lt: dateKeyToDate(addDays(q.endDate, 1)) } : {}),
          },
        }
      : {}),
  };
}

/** GET /api/audit: newest first, admin and HR (read only). Dates are UTC calendar days. */
export async function listAudit(
  actor: SessionUser,
  q: AuditQuery,
): Promise<{ items: AuditDto[]; total: number; page: number; limit: number }> {
  assertStaff(actor);
  const filter = where(q);
  const [rows, total] = await Promise.all([
    db.auditLog.findMany({ where: filter, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (q.page - 1) * q.limit, take: q.limit }),
    db.auditLog.count({ where: filter }),
  ]);
  const targetIds = [...new Set(rows.map((r) => r.targetUserId).filter((id): id is string => !!id))];
  const names = new Map(
    (await db.user.findMany({ where: { id: { in: targetIds } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]),
  );
  return {
    items: rows.map((r) => ({
      id: r.id.toString(),
      createdAt: r.createdAt.toISOString(),
      actor: { id: r.actorId, name: r.actorName, role: r.actorRole },
      kind: r.kind,
      entity: r.entity,
      entityId: r.entityId,
      targetUserId: r.targetUserId,
      targetUserName: r.targetUserId ? (names.get(r.targetUserId) ?? null) : null,
      before: r.before,
      after: r.after,
      note: r.note,
      ip: r.ip,
    })),
    total,
    page: q.page,
    limit: q.limit,
  };
}

/** The filter of GET /api/audit, shared with the CSV export (audit-export.ts). */
export { where as auditWhere };
