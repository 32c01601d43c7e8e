// "Tambah tahun berikutnya" over the API (docs/calendar.md): the estimated year is stored as perkiraan,
// Imlek 2027 on 6 February, and what cannot be estimated (Nyepi, Waisak in 2028) is named in the answer
// and the audit note instead of being left out in silence.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import { call, createUser } from '../helpers';
import * as prefill from '@/app/api/holidays/prefill/route';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made;
const yearRows = (year: number) =>
  db.holiday.findMany({
    where: { date: { gte: dateKeyToDate(`${year}-01-01`), lte: dateKeyToDate(`${year}-12-31`) } },
    orderBy: [{ date: 'asc' }, { name: 'asc' }],
  });

beforeAll(async () => {
  admin = await createUser({ role: 'admin', name: 'Admin Kalender' });
});

describe('POST /api/holidays/prefill', () => {
  it('2027: sixteen libur nasional, all perkiraan, Imlek on 6 February; nothing missing', async () => {
    const res = await call(prefill.POST, { token: admin.token, body: { year: 2027 } });
    expect(res.status).toBe(200);
    expect(res.body.missing).toEqual([]);
    expect(res.body.message).not.toContain('Tidak dapat diperkirakan');
    const rows = await yearRows(2027);
    expect(rows.length).toBe(res.body.holidays.length);
    expect(rows.every((r) => r.kind === 'libur_nasional' && !r.confirmed)).toBe(true);
    expect(rows.filter((r) => r.name === 'Tahun Baru Imlek').map((r) => dateToKey(r.date))).toEqual(['2027-02-06']);
    expect(new Set(rows.map((r) => r.name)).size).toBe(16);
  });

  it('2028: Nyepi and Waisak cannot be estimated: named in the answer, the message and the audit note; the rest is stored', async () => {
    const res = await call(prefill.POST, { token: admin.token, body: { year: 2028 } });
    expect(res.status).toBe(200);
    expect(res.body.missing).toEqual(['Hari Suci Nyepi', 'Hari Raya Waisak']);
    expect(res.body.message).toContain('Tidak dapat diperkirakan: Hari Suci Nyepi, Hari Raya Waisak — tambahkan manual.');
    const rows = await yearRows(2028);
    expect(rows.length).toBe(res.body.holidays.length);
    expect(rows.some((r) => /nyepi|waisak/i.test(r.name))).toBe(false);
    expect(new Set(rows.map((r) => r.name)).size).toBe(14);
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'holiday.prefill', note: { startsWith: '2028' } } });
    expect(audit.note).toBe(
      `2028: ${rows.length} tanggal perkiraan. Tidak dapat diperkirakan: Hari Suci Nyepi, Hari Raya Waisak — tambahkan manual.`,
    );
    // A year already filled is refused.
    expect((await call(prefill.POST, { token: admin.token, body: { year: 2028 } })).body.code).toBe('YEAR_EXISTS');
  });
});
