// Saldo Cuti Karyawan as a file (GET /leaves/balances/export, docs/leave.md): the figures of
// GET /leaves/balance/{userId} for every employee, worked out on the server in batches, in the project's CSV.
// Monday 23 November 2026, 09:00 WIB; the law's entitlement (12 days after 12 months) and cuti bersama taken
// from the balance (potong_cuti): the migrated calendar has the 8 cuti bersama weekdays of 2026.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { GET as exportRoute } from '@/app/api/leaves/balances/export/route';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { PUT as statusRoute } from '@/app/api/leaves/[id]/status/route';
import { POST as adjustRoute } from '@/app/api/leaves/balance/[userId]/adjust/route';
import { GET as balanceRoute } from '@/app/api/leaves/balance/[userId]/route';
import { balanceRows } from '@/features/leave/server/leave-balance-export';
import { getMainOffice } from '@/features/offices/server/offices';
import { call, createUser } from '../helpers';

const REASON = 'Keperluan keluarga di kampung halaman';
let hrToken = '';
let adminToken = '';
let employeeToken = '';
let mainName = '';
let ids: Record<'ani' | 'budi' | 'citra', string>;
let divisionId = '';
let branchId = '';

/** The raw response: the bytes as sent (Response.text() would drop the BOM). */
async function download(query: string, token = hrToken) {
  const req = new NextRequest(new URL(`/api/leaves/balances/export${query ? `?${query}` : ''}`, 'http://localhost'), {
    headers: { authorization: `Bearer ${token}` },
  });
  const res = await exportRoute(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
async function rowsOf(batch?: number) {
  const out = [];
  for await (const r of balanceRows({ format: 'csv', sep: 'semicolon' }, undefined, batch)) out.push(r);
  return out;
}
const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

const HEADER =
  '"NIK";"Nama";"Divisi";"Kantor";"Sisa Cuti Tahunan (hari)";"Menunggu Persetujuan (hari)";"Masih Bisa Diajukan (hari)";"Cuti Bersama Mendatang (hari)"';

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T02:00:00Z'));
  await db.settings.update({
    where: { id: 1 },
    data: { cutiBersamaPolicy: 'potong_cuti', leaveEligibility: 'setelah_12_bulan', leaveCarryOverMax: 0, leaveCarryOverExpiryMonth: 6 },
  });
  mainName = (await getMainOffice()).name;
  hrToken = (await createUser({ role: 'hr', name: 'HR Saldo' })).token;
  adminToken = (await createUser({ role: 'admin', name: 'Admin Saldo' })).token;
  divisionId = (await db.division.create({ data: { name: 'Keuangan' } })).id;
  branchId = (await db.office.create({ data: { name: 'Cabang Bandung' } })).id;

  const person = async (name: string, data: Record<string, unknown>) => {
    const made = await createUser({ name, email: `${name.split(' ')[0]!.toLowerCase()}.saldo@test.local` });
    await db.user.update({ where: { id: made.user.id }, data });
    return made;
  };
  // Ani (joined 1 Jan 2025): 12 days on 1 Jan 2026 − 8 cuti bersama = 4 (24 Dec still ahead: 1 of them);
  // a morning off on Thursday 3 Dec waits for a decision: 0,5 pending, 3,5 left to ask for.
  const ani = await person('Ani Setengah', { joinDate: dateKeyToDate('2025-01-01'), employeeNumber: 'K-001', divisionId });
  // Budi (joined 1 Jan 2025): 4 as Ani, minus Monday 30 Nov and Tuesday 1 Dec approved = 2.
  const budi = await person('Budi Disetujui', { joinDate: dateKeyToDate('2025-01-01'), employeeNumber: 'K-002' });
  // Citra (joined 1 June 2026): no entitlement yet under the law, no cuti bersama taken; 3 days adjusted in by HR.
  const citra = await person('Citra Baru', { joinDate: dateKeyToDate('2026-06-01'), homeOfficeId: branchId, divisionId });
  employeeToken = ani.token;
  ids = { ani: ani.user.id, budi: budi.user.id, citra: citra.user.id };

  const half = await call(applyRoute, {
    token: ani.token,
    body: { type: 'cuti', startDate: '2026-12-03', endDate: '2026-12-03', halfDay: 'pagi', reason: REASON },
  });
  expect(half.status).toBe(201);
  const two = await call(applyRoute, {
    token: budi.token,
    body: { type: 'cuti', startDate: '2026-11-30', endDate: '2026-12-01', reason: REASON },
  });
  expect(two.status).toBe(201);
  const approved = await call(statusRoute, { method: 'PUT', token: hrToken, params: { id: two.body.id }, body: { status: 'approved' } });
  expect(approved.status).toBe(200);
  const adjusted = await call(adjustRoute, {
    token: hrToken,
    params: { userId: citra.user.id },
    body: { days: 3, reason: 'Kompensasi kerja di hari libur' },
  });
  expect(adjusted.status).toBe(200);
  // The ledgers of Ani and Citra are not read before the export: the export brings them up to date itself.
});
afterAll(() => vi.useRealTimers());

describe('GET /leaves/balances/export', () => {
  it('CSV: BOM, ";", the file name of today, one row per employee in name order with the figures worked out by hand', async () => {
    const res = await download('');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('filename="saldo-cuti-2026-11-23.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(res.bytes).slice(1).split('\r\n')).toEqual([
      HEADER,
      '"K-001";"Ani Setengah";"Keuangan";"' + mainName + '";"4";"0,5";"3,5";"1"',
      '"K-002";"Budi Disetujui";"";"' + mainName + '";"2";"0";"2";"1"',
      '"";"Citra Baru";"Keuangan";"Cabang Bandung";"3";"0";"3";"0"',
    ]);
  });

  it('the same figures as GET /leaves/balance/{userId}', async () => {
    const byId = new Map<string, Awaited<ReturnType<typeof rowsOf>>[number]>();
    const people = await db.user.findMany({ where: { id: { in: Object.values(ids) } }, select: { id: true, email: true } });
    for (const r of await rowsOf()) byId.set(people.find((p) => p.email === r.email)!.id, r);
    for (const id of Object.values(ids)) {
      const one = (await call(balanceRoute, { token: hrToken, params: { userId: id } })).body.annual;
      expect(byId.get(id)).toMatchObject({
        balance: one.balance,
        pending: one.pending,
        available: one.available,
        futureCutiBersama: one.futureCutiBersama.days,
      });
    }
  });

  it('batches of any size give the same rows', async () => {
    const all = await rowsOf();
    const small = await rowsOf(2);
    const one = await rowsOf(1);
    expect(small).toEqual(all);
    expect(one).toEqual(all);
    expect(all.map((r) => r.name)).toEqual(['Ani Setengah', 'Budi Disetujui', 'Citra Baru']);
  });

  it('filters: search (name, NIK, e-mail; any case), office, division (or none)', async () => {
    const names = async (query: string) => {
      const res = await download(`format=json&${query}`);
      expect(res.status, query).toBe(200);
      return (JSON.parse(text(res.bytes)).rows as { name: string }[]).map((r) => r.name);
    };
    expect(await names('search=budi')).toEqual(['Budi Disetujui']);
    expect(await names('search=k-00')).toEqual(['Ani Setengah', 'Budi Disetujui']);
    expect(await names('search=CITRA.SALDO')).toEqual(['Citra Baru']);
    expect(await names(`officeId=${branchId}`)).toEqual(['Citra Baru']);
    expect(await names(`divisionId=${divisionId}`)).toEqual(['Ani Setengah', 'Citra Baru']);
    expect(await names('divisionId=none')).toEqual(['Budi Disetujui']);
    expect(await names(`divisionId=${divisionId}&search=ani`)).toEqual(['Ani Setengah']);
    expect(await names('search=tidak-ada')).toEqual([]);
  });

  it('JSON: the header object and typed rows', async () => {
    const res = await download('format=json');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('filename="saldo-cuti-2026-11-23.json"');
    const body = JSON.parse(text(res.bytes));
    expect(body).toMatchObject({ schema: 'absensi.saldo-cuti.v1', title: 'Saldo Cuti Karyawan' });
    expect(body.rows[0]).toEqual({
      employeeNumber: 'K-001',
      name: 'Ani Setengah',
      division: 'Keuangan',
      office: mainName,
      balance: 4,
      pending: 0.5,
      available: 3.5,
      futureCutiBersama: 1,
      email: 'ani.saldo@test.local',
    });
  });

  it('XLSX and PDF through the shared writers; sep=comma gives the decimal point', async () => {
    const xlsx = await download('format=xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain('saldo-cuti-2026-11-23.xlsx');
    expect(Buffer.from(xlsx.bytes.subarray(0, 2)).toString()).toBe('PK');
    const pdf = await download('format=pdf', adminToken);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const comma = text((await download('sep=comma&search=ani')).bytes)
      .slice(1)
      .split('\r\n');
    expect(comma[1]).toBe(`"K-001","Ani Setengah","Keuangan","${mainName}","4","0.5","3.5","1"`);
  });

  it('an employee gets 403, no session 401, bad values 400', async () => {
    const denied = await download('', employeeToken);
    expect(denied.status).toBe(403);
    expect(JSON.parse(text(denied.bytes))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call(exportRoute, { path: '/api/leaves/balances/export' })).status).toBe(401);
    for (const query of ['format=docx', 'officeId=bukan-id', 'divisionId=x', 'sep=tab', `search=${'a'.repeat(101)}`]) {
      const res = await download(query);
      expect(res.status, query).toBe(400);
      expect(JSON.parse(text(res.bytes)), query).toMatchObject({ code: 'VALIDATION' });
    }
  });
});
