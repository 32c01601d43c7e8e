// The Log Audit page's CSV export and kinds list (docs/audit.md): filtered like GET /api/audit, UTF-8
// with a BOM and ';' between cells for Excel with Indonesian settings, formula cells neutralised.
import { beforeAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { db } from '@/lib/server/db';
import { call, configureMainOffice, createUser } from '../helpers';
import * as exportRoute from '@/app/api/audit/export/route';
import * as kindsRoute from '@/app/api/audit/kinds/route';
import * as listRoute from '@/app/api/audit/route';
import { recordAudit } from '@/lib/server/audit';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, employee: Made;

beforeAll(async () => {
  await configureMainOffice({ timezone: 'Asia/Jakarta' });
  admin = await createUser({ role: 'admin', name: 'Admin Audit' });
  employee = await createUser({ name: 'Budi; "Santoso"' });
  const actor = { id: admin.user.id, name: admin.user.name, role: admin.user.role };
  await recordAudit(db, {
    actor,
    kind: 'overtime.approve',
    entity: 'OvertimeRequest',
    entityId: 'a1',
    targetUserId: employee.user.id,
    after: { status: 'approved' },
    note: '=HYPERLINK("http://x","klik")',
  });
  await recordAudit(db, {
    actor,
    kind: 'overtime.reject',
    entity: 'OvertimeRequest',
    entityId: 'a2',
    targetUserId: employee.user.id,
    note: '+62 812',
  });
  await recordAudit(db, { actor, kind: 'office.update', entity: 'Office', entityId: 'o1', note: '@SUM(A1)' });
});

describe('GET /api/audit/export', () => {
  it('downloads the filtered rows as CSV for Indonesian Excel', async () => {
    const res = await call(exportRoute.GET, { token: admin.token, path: '/api/audit/export?kind=overtime' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="log-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    // The helper decodes the body as text, which drops a BOM: read the raw bytes for it.
    const raw = await exportRoute.GET(
      new NextRequest(new URL('/api/audit/export?kind=overtime', 'http://localhost'), {
        headers: { authorization: `Bearer ${admin.token}` },
      }),
      { params: Promise.resolve({}) },
    );
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22]);
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('"Waktu";"Pelaku";"Peran";"Jenis";"Data";"ID Data";"Karyawan";"Sebelum";"Sesudah";"Catatan";"Alamat IP"');
    // Two overtime rows (newest first), the office row filtered out; quotes doubled, ';' inside a cell kept
    // inside its quotes, formulas prefixed with an apostrophe.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"overtime.reject";"OvertimeRequest";"a2";"Budi; ""Santoso""";"";"";"\'+62 812";""');
    expect(lines[2]).toContain('"\'=HYPERLINK(""http://x"",""klik"")"');
    expect(lines[2]).toContain('"{""status"":""approved""}"');
    expect(lines[1]).toMatch(/^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} WIB";"Admin Audit";"admin";/);
  });

  it('admin only; a bad filter is a 400', async () => {
    expect((await call(exportRoute.GET, { token: employee.token })).status).toBe(403);
    expect((await call(exportRoute.GET, { token: admin.token, path: '/api/audit/export?startDate=2026-02-30' })).status).toBe(400);
  });
});

describe('GET /api/audit/kinds and the list filters', () => {
  it('lists each kind once, sorted; the list filters by kind prefix and employee', async () => {
    const kinds = await call(kindsRoute.GET, { token: admin.token });
    expect(kinds.body).toEqual(expect.arrayContaining(['office.update', 'overtime.approve', 'overtime.reject']));
    expect([...kinds.body].sort()).toEqual(kinds.body);
    const list = await call(listRoute.GET, {
      token: admin.token,
      path: `/api/audit?kind=overtime&targetUserId=${employee.user.id}&limit=1&page=2`,
    });
    expect(list.body).toMatchObject({
      total: 2,
      page: 2,
      limit: 1,
      items: [{ kind: 'overtime.approve', targetUserName: 'Budi; "Santoso"' }],
    });
  });
});
