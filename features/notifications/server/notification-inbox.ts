// The in-app inbox (the bell): one's own notifications, newest first, paged, with the unread count;
// marking some or all read (docs/notifications.md). Nobody reads or marks another person's items.
import { db } from '@/lib/server/db';
import type { SessionUser } from '@/lib/server/auth/session';
import type { InboxQuery, MarkReadInput } from '@/features/notifications/validation/notifications';
import type { InboxDto } from '@/features/notifications/types/notifications';

export async function listInbox(user: Pick<SessionUser, 'id'>, q: InboxQuery): Promise<InboxDto> {
  const where = { userId: user.id, ...(q.unread ? { readAt: null } : {}) };
  const [rows, total, unread] = await Promise.all([
    db.notification.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
      select: { id: true, kind: true, title: true, body: true, link: true, readAt: true, createdAt: true },
    }),
    db.notification.count({ where }),
    db.notification.count({ where: { userId: user.id, readAt: null } }),
  ]);
  return {
    items: rows.map((r) => ({ ...r, readAt: r.readAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() })),
    unread,
    total,
    page: q.page,
    limit: q.limit,
  };
}

/** Marks one's own items read (ids of others are ignored); answers the new unread count. */
export async function markRead(user: Pick<SessionUser, 'id'>, input: MarkReadInput): Promise<{ updated: number; unread: number }> {
  const { count } = await db.notification.updateMany({
    where: { userId: user.id, readAt: null, ...('ids' in input ? { id: { in: input.ids } } : {}) },
    data: { readAt: new Date() },
  });
  const unread = await db.notification.count({ where: { userId: user.id, readAt: null } });
  return { updated: count, unread };
}
