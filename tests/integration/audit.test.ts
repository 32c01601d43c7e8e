// The audit trail: privileged changes leave one row each (who, what, before/after, address), the
// database refuses to change or remove a row, and only admins read it.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { call, createUser } from '../helpers';
import * as usersId from '@/app/api/users/[id]/route';
import * as audit from '@/app/api/audit/route';

describe('audit trail', () => {
  it('records an admin edit of a user with before, after and the client address', async () => {
    const { user: admin, token } = await createUser({ role: 'admin', name: 'Admin Audit' });
    const { user: emp } = await createUser({ name: 'Sari Lama', position: 'Staf' });
    const res = await call(usersId.PUT, {
      method: 'PUT',
      token,
      params: { id: emp.id },
      body: { name: 'Sari Baru', email: emp.email, position: 'Supervisor', role: 'employee' },
      ip: '10.1.2.3',
    });
    expect(res.status).toBe(200);
    const rows = await db.auditLog.findMany({ where: { targetUserId: emp.id } });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      actorId: admin.id,
      actorName: 'Admin Audit',
      actorRole: 'admin',
      kind: 'user.update',
      entity: 'User',
      entityId: emp.id,
    });
    expect(row.before).toMatchObject({ name: 'Sari Lama', position: 'Staf' });
    expect(row.after).toMatchObject({ name: 'Sari Baru', position: 'Supervisor' });
    expect(row.ip).toBeTruthy();
  });

  it('writes no row for a refused change', async () => {
    const { token } = await createUser({ role: 'admin' });
    const before = await db.auditLog.count();
    const res = await call(usersId.PUT, {
      method: 'PUT',
      token,
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { name: 'X', email: 'x@y.zz', position: 'P', role: 'employee' },
    });
    expect(res.status).toBe(404);
    expect(await db.auditLog.count()).toBe(before);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const { user } = await createUser({ role: 'admin' });
    await db.auditLog.create({ data: { actorId: user.id, kind: 'test.row', entity: 'Test' } });
    await expect(db.$executeRawUnsafe(`UPDATE "AuditLog" SET kind = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db.$executeRawUnsafe(`DELETE FROM "AuditLog"`)).rejects.toThrow(/append-only/);
    await expect(db.$executeRawUnsafe(`TRUNCATE "AuditLog"`)).rejects.toThrow(/append-only/);
    expect(await db.auditLog.count({ where: { kind: 'test.row' } })).toBe(1);
  });

  it('lists newest first with filters, for admins only', async () => {
    const { user: admin, token } = await createUser({ role: 'admin' });
    const { token: hrToken } = await createUser({ role: 'hr' });
    const { user: emp } = await createUser();
    await db.auditLog.create({ data: { actorId: admin.id, kind: 'leave.approve', entity: 'LeaveRequest', targetUserId: emp.id } });
    await db.auditLog.create({ data: { actorId: admin.id, kind: 'user.update', entity: 'User', targetUserId: emp.id } });
    const res = await call(audit.GET, { token, path: `/api/audit?targetUserId=${emp.id}&limit=1` });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0].kind).toBe('user.update');
    const leaveOnly = await call(audit.GET, { token, path: `/api/audit?targetUserId=${emp.id}&kind=leave` });
    expect(leaveOnly.body.items.map((i: { kind: string }) => i.kind)).toEqual(['leave.approve']);
    // HR reads the trail too (docs/roles.md).
    expect((await call(audit.GET, { token: hrToken, path: '/api/audit' })).status).toBe(200);
    expect((await call(audit.GET, { token, path: '/api/audit?limit=0' })).status).toBe(400);
  });
});
