// Employee import and export (docs/onboarding.md), worked by hand on small files: the dry run answers every
// row and error and writes nothing; the commit writes all or nothing, once; NIK, phone and division on the
// user list; bad files refused with their reason.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { POST as importRoute } from '@/app/api/users/import/route';
import { GET as templateRoute } from '@/app/api/users/import/template/route';
import { GET as exportRoute } from '@/app/api/users/export/route';
import { GET as listRoute } from '@/app/api/users/route';
import { POST as divisionsRoute } from '@/app/api/divisions/route';
import { PUT as updateRoute } from '@/app/api/users/[id]/route';
import { NextRequest } from 'next/server';
import { db } from '@/lib/server/db';
import { annualType } from '@/features/leave/server/leave-types';
import { balanceOf, ensureLedger } from '@/features/leave/server/leave-ledger';
import { ensureLedgers } from '@/features/leave/server/leave-ledger-bulk';
import { todayKey } from '@/features/leave/lib/ledger-rules';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import { call, createUser, uniqueEmail } from '../helpers';
import { normalisePhone } from '@/features/employees/lib/people';
import { PEOPLE_PER_PASS } from '@/features/leave/server/leave-ledger-bulk';
import { verifyPassword } from '@/lib/server/auth/password';
import { getEnv } from '@/lib/env';

const HEADER = 'NIK;Nama;Email;No. HP;Jabatan;Divisi;Kantor;Jadwal;Atasan (NIK);Tanggal Bergabung;Peran;Saldo Awal Cuti Tahunan';
const dataUrl = (text: string | Buffer, mime = 'text/csv') =>
  `data:${mime};base64,${(typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64')}`;
const post = (token: string, file: string, dryRun: boolean, filename = 'karyawan.csv') =>
  call(importRoute, { method: 'POST', path: `/api/users/import${dryRun ? '?dryRun=1' : ''}`, token, body: { filename, file } });
/** A file route's bytes (call() reads the body as text). */
async function download(handler: typeof exportRoute, path: string, token: string): Promise<Buffer> {
  const res = await handler(new NextRequest(new URL(path, 'http://localhost'), { headers: { authorization: `Bearer ${token}` } }));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
const snapshot = async () => ({
  users: await db.user.count(),
  audit: await db.auditLog.count(),
  ledger: await db.leaveLedgerEntry.count(),
});

describe('phone numbers', () => {
  it('are stored as digits with the country code, whatever people type', () => {
    expect(normalisePhone('0812-3456-7890')).toBe('6281234567890');
    expect(normalisePhone('+62 812 3456 7890')).toBe('6281234567890');
    expect(normalisePhone('62812 3456 7890')).toBe('6281234567890');
    expect(normalisePhone('(0812) 3456.7890')).toBe('6281234567890');
    expect(normalisePhone('+6208123456789')).toBe('628123456789');
    expect(normalisePhone('12345')).toBeNull();
    expect(normalisePhone('0812abc')).toBeNull();
  });
});

describe('NIK, phone and division on a person', () => {
  it('PUT /users/{id} sets them; the list shows and searches them, filters by division', async () => {
    const hr = await createUser({ role: 'hr' });
    const emp = await createUser({ name: 'Sari Import' });
    const div = await call(divisionsRoute, { method: 'POST', token: hr.token, body: { name: 'Keuangan' } });
    expect(div.status).toBe(200);
    const dup = await call(divisionsRoute, { method: 'POST', token: hr.token, body: { name: 'keuangan' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('Divisi "keuangan" sudah ada');
    const put = await call(updateRoute, {
      method: 'PUT',
      token: hr.token,
      params: { id: emp.user.id },
      body: { name: 'Sari Import', email: emp.user.email, position: 'Staf', role: 'employee', employeeNumber: 'k-77' },
    });
    expect(put.status).toBe(400);
    const ok = await call(updateRoute, {
      method: 'PUT',
      token: hr.token,
      params: { id: emp.user.id },
      body: {
        name: 'Sari Import',
        email: emp.user.email,
        position: 'Staf',
        role: 'employee',
        employeeNumber: 'k077',
        phone: '0812 1111 2222',
        divisionId: div.body.id,
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({
      employeeNumber: 'K077',
      phone: '6281211112222',
      divisionId: div.body.id,
      divisionName: 'Keuangan',
    });
    const found = await call(listRoute, { token: hr.token, path: '/api/users?search=k077' });
    expect(found.body.map((u: { id: string }) => u.id)).toEqual([emp.user.id]);
    const byDiv = await call(listRoute, { token: hr.token, path: `/api/users?divisionId=${div.body.id}` });
    expect(byDiv.body.map((u: { id: string }) => u.id)).toEqual([emp.user.id]);
    const audit = await db.auditLog.findFirst({ where: { kind: 'user.people', targetUserId: emp.user.id } });
    expect(audit?.after).toMatchObject({ employeeNumber: 'K077', phone: '6281211112222' });
  });
});

describe('import', () => {
  it('dry run answers every row and writes nothing; commit writes once; a second run changes nothing', async () => {
    const admin = await createUser({ role: 'admin' });
    const old = await createUser({ name: 'Lama Tanpa NIK', email: uniqueEmail('lama') });
    const e1 = uniqueEmail('a');
    const e2 = uniqueEmail('b');
    const csv =
      '\ufeff' +
      [
        HEADER,
        `A100;Andi Atasan;${e1};0812 0000 0001;Manajer;Operasional;;;;2020-01-15;Karyawan;10`,
        `A101;Budi Anggota;${e2};+62 812 0000 0002;Staf;operasional;;;a100;15/03/2024;Karyawan;4,5`,
        `A102;Lama Tanpa NIK;${old.user.email};;Staf;;;;A100;;Karyawan;`,
      ].join('\r\n');
    const before = await snapshot();
    const dry = await post(admin.token, dataUrl(csv), true);
    expect(dry.status).toBe(200);
    expect(dry.body.errors).toEqual([]);
    expect(dry.body.counts).toEqual({ total: 3, baru: 2, diubah: 1, tanpaPerubahan: 0, galat: 0 });
    expect(dry.body.rows[2]).toMatchObject({ row: 4, nik: 'A102', status: 'diubah' });
    expect(dry.body.rows[2].changes).toEqual(['NIK', 'Atasan (NIK)']);
    expect(dry.body.newDivisions).toEqual(['Operasional']);
    expect(await snapshot()).toEqual(before);

    const done = await post(admin.token, dataUrl(csv), false);
    expect(done.status).toBe(200);
    expect(done.body.committed).toBe(true);
    const a = await db.user.findUniqueOrThrow({ where: { employeeNumber: 'A100' }, include: { division: true } });
    const b = await db.user.findUniqueOrThrow({ where: { employeeNumber: 'A101' } });
    expect(a).toMatchObject({ name: 'Andi Atasan', phone: '6281200000001', mustChangePassword: true });
    expect(a.division?.name).toBe('Operasional');
    expect(b).toMatchObject({ supervisorId: a.id, phone: '6281200000002', divisionId: a.divisionId });
    expect(b.joinDate?.toISOString().slice(0, 10)).toBe('2024-03-15');
    const oldNow = await db.user.findUniqueOrThrow({ where: { id: old.user.id } });
    expect(oldNow).toMatchObject({ employeeNumber: 'A102', supervisorId: a.id });
    // Opening balances are ledger rows of their own kind; the balance is the file's figure.
    const type = (await annualType())!;
    const sum = async (userId: string) =>
      (await db.leaveLedgerEntry.aggregate({ where: { userId, leaveTypeId: type.id }, _sum: { days: true } }))._sum.days;
    expect(await sum(a.id)).toBe(10);
    expect(await sum(b.id)).toBe(4.5);
    expect(await db.leaveLedgerEntry.count({ where: { userId: b.id, kind: 'opening_balance' } })).toBe(1);
    // One audit row for the import, one per person created or changed.
    const imp = await db.auditLog.findMany({ where: { kind: 'user.import' } });
    expect(imp).toHaveLength(1);
    expect(imp[0]!.after).toMatchObject({ baru: 2, diubah: 1, total: 3 });
    expect(
      await db.auditLog.count({ where: { kind: { in: ['user.create', 'user.update'] }, targetUserId: { in: [a.id, b.id, old.user.id] } } }),
    ).toBe(3);

    const again = await snapshot();
    const second = await post(admin.token, dataUrl(csv), false);
    expect(second.body.counts).toMatchObject({ baru: 0, diubah: 0, tanpaPerubahan: 3 });
    const after = await snapshot();
    expect(after.users).toBe(again.users);
    expect(after.ledger).toBe(again.ledger);
    expect(after.audit).toBe(again.audit + 1); // only the import's own row

    // Export → import round-trips: nothing changes.
    for (const format of ['csv', 'xlsx']) {
      const file = await download(exportRoute, `/api/users/export?format=${format}`, admin.token);
      const round = await post(admin.token, dataUrl(file), true);
      expect(round.body.errors, format).toEqual([]);
      expect(round.body.counts).toMatchObject({ baru: 0, diubah: 0 });
      expect(round.body.rows.find((r: { nik: string }) => r.nik === 'A101')).toMatchObject({ status: 'tanpa_perubahan' });
    }
  });

  it("opening balances: the ledger's automatic rows made in bulk inside the commit are those ensureLedger makes one by one", async () => {
    const admin = await createUser({ role: 'admin' });
    const year = todayKey().slice(0, 4);
    // Two more cuti bersama days of this year (besides the seeded ones) on weekdays: the first Tuesday and Wednesday of February.
    const feb = [1, 2, 3, 4, 5, 6, 7].map((d) => `${year}-02-0${d}`).find((k) => dateKeyToDate(k).getUTCDay() === 2)!;
    const feb2 = `${feb.slice(0, 8)}0${Number(feb.slice(8)) + 1}`;
    for (const date of [feb, feb2])
      await db.holiday.create({ data: { date: dateKeyToDate(date), name: `Cuti Bersama ${date}`, kind: 'cuti_bersama' } });
    // The twin: same join date, its ledger made by ensureLedger.
    const twin = await createUser({});
    await db.user.update({ where: { id: twin.user.id }, data: { joinDate: dateKeyToDate('2023-03-01') } });
    await ensureLedger(twin.user.id, todayKey());
    const existing = await createUser({ name: 'Sudah Ada' });
    await db.user.update({ where: { id: existing.user.id }, data: { employeeNumber: 'OB2', joinDate: dateKeyToDate('2023-03-01') } });
    const csv = [
      HEADER,
      `OB1;Baru Saldo;${uniqueEmail('ob1')};;Staf;;;;;2023-03-01;Karyawan;7,5`,
      `OB2;Sudah Ada;${existing.user.email};;Staf;;;;;2023-03-01;Karyawan;3`,
    ].join('\n');
    const done = await post(admin.token, dataUrl(csv), false);
    expect(done.status).toBe(200);
    expect(done.body.committed).toBe(true);
    const fresh = await db.user.findUniqueOrThrow({ where: { employeeNumber: 'OB1' } });
    const type = (await annualType())!;
    const rows = (userId: string) =>
      db.leaveLedgerEntry
        .findMany({
          where: { userId, leaveTypeId: type.id, kind: { not: 'opening_balance' } },
          orderBy: [{ effectiveDate: 'asc' }, { kind: 'asc' }],
        })
        .then((list) => list.map((r) => ({ kind: r.kind, days: r.days, date: dateToKey(r.effectiveDate), note: r.note })));
    const twinRows = await rows(twin.user.id);
    expect(twinRows.filter((r) => r.kind === 'cuti_bersama').map((r) => r.date)).toEqual(expect.arrayContaining([feb, feb2]));
    expect(await rows(fresh.id)).toEqual(twinRows);
    expect(await rows(existing.user.id)).toEqual(twinRows);
    // The opening row is the difference to the file's figure: the balance is exactly the file's.
    const twinBalance = twinRows.reduce((s, r) => s + r.days, 0);
    for (const [id, target] of [
      [fresh.id, 7.5],
      [existing.user.id, 3],
    ] as const) {
      const opening = await db.leaveLedgerEntry.findFirstOrThrow({ where: { userId: id, kind: 'opening_balance' } });
      expect(opening.days).toBe(target - twinBalance);
      expect(await balanceOf(db, id, type.id)).toBe(target);
      expect(await db.auditLog.count({ where: { kind: 'leave.opening_balance', targetUserId: id, entityId: opening.id } })).toBe(1);
    }
    // In passes of a few people (the import's 500 at a time, here 2 and 1): each person's rows are the same.
    const trio = await Promise.all([0, 1, 2].map(() => createUser({})));
    for (const t of trio) await db.user.update({ where: { id: t.user.id }, data: { joinDate: dateKeyToDate('2023-03-01') } });
    await db.$transaction((tx) => ensureLedgers(tx, [trio[0]!.user.id, trio[1]!.user.id, trio[2]!.user.id], todayKey(), 2));
    await db.$transaction((tx) => ensureLedgers(tx, [trio[0]!.user.id, trio[1]!.user.id, trio[2]!.user.id], todayKey(), 1));
    for (const t of trio) expect(await rows(t.user.id)).toEqual(twinRows);
    // Reading the balance later (ensureLedger) adds nothing; the same file again writes nothing.
    expect(await ensureLedger(fresh.id, todayKey())).toBe(0);
    const ledger = await db.leaveLedgerEntry.count();
    await post(admin.token, dataUrl(csv), false);
    expect(await db.leaveLedgerEntry.count()).toBe(ledger);
    expect(await balanceOf(db, fresh.id, type.id)).toBe(7.5);
  });

  it('every error with its row, column and reason; nothing written', async () => {
    const hr = await createUser({ role: 'hr' });
    const taken = await createUser({});
    await db.user.update({ where: { id: taken.user.id }, data: { employeeNumber: 'T9' } });
    const csv = [
      HEADER.replace(/;/g, ','),
      `B1,Satu,${uniqueEmail('s')},,Staf,,Kantor Bulan,,,2024-02-30,Karyawan,`,
      `B1,Dua,${taken.user.email},,Staf,,,,ZZ9,,Karyawan,`,
      `B3,Tiga,${uniqueEmail('t')},,Staf,,,,B4,,Administrator,x`,
      `B4,Empat,${uniqueEmail('e')},,Staf,,,,B3,,Karyawan,`,
    ].join('\n');
    const before = await snapshot();
    for (const dryRun of [true, false]) {
      const res = await post(hr.token, dataUrl(csv), dryRun);
      expect(res.status).toBe(200);
      expect(res.body.committed).toBe(false);
      const errs = res.body.errors.map((e: { row: number; column: string; message: string }) => `${e.row}|${e.column}|${e.message}`);
      expect(errs).toEqual(
        expect.arrayContaining([
          '2|Tanggal Bergabung|"2024-02-30" bukan tanggal: tulis YYYY-MM-DD atau DD/MM/YYYY',
          '2|Kantor|Kantor "Kantor Bulan" tidak ditemukan',
          '3|NIK|NIK B1 ganda: sudah ada di baris 2',
          '3|Email|Email sudah terdaftar atas NIK T9',
          '3|Atasan (NIK)|Atasan dengan NIK ZZ9 tidak ada di berkas maupun di perusahaan',
          '4|Peran|HR hanya dapat mengimpor karyawan dengan peran Karyawan',
          '4|Saldo Awal Cuti Tahunan|Saldo cuti harus angka hari antara 0 dan 366 (boleh setengah: 1,5)',
          '4|Atasan (NIK)|Atasan berputar: B3 → B4 → B3',
          '5|Atasan (NIK)|Atasan berputar: B4 → B3 → B4',
        ]),
      );
      expect(await snapshot()).toEqual(before);
    }
  });

  it('bad files: a clear answer, nothing changed', async () => {
    const admin = await createUser({ role: 'admin' });
    const before = await snapshot();
    const cases: [string, number, string][] = [
      [dataUrl(''), 400, 'Berkas kosong: tidak ada baris untuk diimpor'],
      [dataUrl('\n\n'), 400, 'Berkas kosong: tidak ada baris untuk diimpor'],
      [dataUrl(Buffer.from('%PDF-1.4\n\0\0binary'), 'text/csv'), 400, 'Berkas harus berupa XLSX (Excel) atau CSV'],
      [dataUrl('Nama;Jabatan\nBudi;Staf'), 400, 'Baris judul kolom tidak ditemukan'],
      [dataUrl(HEADER), 400, 'Berkas hanya berisi judul kolom'],
      [dataUrl(HEADER + '\n' + 'X;Y;y@x.id;;S;;;;;;;\n'.repeat(10_001)), 400, 'Maksimal 10.000 baris'],
      // 100,000 rows (2.1 MB, under the size limit): refused by the row limit, not read further.
      [dataUrl(HEADER + '\n' + 'X;Y;y@x.id;;S;;;;;;;\n'.repeat(100_000)), 400, 'Maksimal 10.000 baris'],
      // The type is the bytes': an old Excel file (OLE), a PNG and a zip that is no workbook, whatever their name or type say.
      [
        dataUrl(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512, 1)]), 'text/csv'),
        400,
        'Format Excel lama (.xls) tidak didukung',
      ],
      [dataUrl(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'text/csv'), 400, 'Berkas harus berupa XLSX (Excel) atau CSV'],
      [dataUrl(Buffer.alloc(6 * 1024 * 1024, 0x41)), 413, 'Ukuran berkas maksimal 5 MB'],
    ];
    for (const [file, status, message] of cases) {
      const res = await post(admin.token, file, true);
      expect(res.status, message).toBe(status);
      expect(res.body.error).toContain(message);
    }
    // An XLSX with a formula, and one with macros.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Karyawan');
    ws.addRow(HEADER.split(';'));
    ws.addRow(['C1', { formula: '1+1' }, 'c@x.id']);
    const formula = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await post(admin.token, dataUrl(formula, 'application/octet-stream'), true, 'data.csv');
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('rumus');
    const { zipSync, unzipSync } = await import('fflate');
    const macro = zipSync({ ...unzipSync(formula), 'xl/vbaProject.bin': new Uint8Array([1, 2, 3]) });
    const res2 = await post(admin.token, dataUrl(Buffer.from(macro)), true, 'data.xlsx');
    expect(res2.body.error).toContain('makro');
    // Excel 4.0 macros live in macro sheets, without a vbaProject.bin.
    const xlm = zipSync({ ...unzipSync(formula), 'xl/macrosheets/sheet1.xml': new Uint8Array([60, 120, 47, 62]) });
    expect((await post(admin.token, dataUrl(Buffer.from(xlm)), true, 'data.xlsx')).body.error).toContain('makro');
    // A zip that is not a workbook (a document), and an XLSX of 100,000 rows (stopped at the limit, not read whole).
    const doc = zipSync({
      '[Content_Types].xml': new Uint8Array([60, 120, 47, 62]),
      'word/document.xml': new Uint8Array([60, 120, 47, 62]),
    });
    const notBook = await post(admin.token, dataUrl(Buffer.from(doc)), true, 'data.xlsx');
    expect(notBook.status).toBe(400);
    expect(notBook.body.error).toBe('Berkas harus berupa XLSX (Excel) atau CSV');
    // The 100,000 rows written straight into the small workbook's sheet (inline strings), which is quicker than exceljs.
    const cells = (i: number) =>
      `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>N${i}</t></is></c><c r="B${i}" t="inlineStr"><is><t>Nama</t></is></c></row>`;
    const sheetXml = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${Array.from({ length: 100_001 }, (_, i) => cells(i + 1)).join('')}</sheetData></worksheet>`;
    const bigFile = Buffer.from(zipSync({ ...unzipSync(formula), 'xl/worksheets/sheet1.xml': new TextEncoder().encode(sheetXml) }));
    const tooMany = await post(admin.token, dataUrl(bigFile), true, 'besar.xlsx');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain('Maksimal 10.000 baris');
    expect(await snapshot()).toEqual(before);
  });

  it('the template: XLSX with the columns, an example row and the explanation sheet; CSV with the same header', async () => {
    const hr = await createUser({ role: 'hr' });
    const x = await download(templateRoute, '/api/users/import/template?format=xlsx', hr.token);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Karyawan', 'Petunjuk']);
    expect((wb.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(HEADER.split(';'));
    expect(wb.worksheets[0]!.getRow(2).getCell(1).value).toBe('K0001');
    expect(wb.worksheets[1]!.rowCount).toBeGreaterThan(12);
    const c = await download(templateRoute, '/api/users/import/template?format=csv', hr.token);
    expect(c.toString('utf8').startsWith('\ufeff"NIK";"Nama"')).toBe(true);
    // The template's example imports (as a dry run) without an error, and so does its XLSX.
    expect((await post(hr.token, dataUrl(x), true)).body.errors).toEqual([]);
    const dry = await post(hr.token, dataUrl(c), true);
    expect(dry.body.errors).toEqual([]);
    expect(dry.body.counts.baru).toBe(1);
  });
});

describe('import in write groups', () => {
  it('a file longer than one write group: all of it or none, an atasan made by a later group, one audit row each', async () => {
    const admin = await createUser({ role: 'admin' });
    const n = PEOPLE_PER_PASS + 20;
    const tag = `G${Date.now().toString(36).toUpperCase()}`;
    const lines = [HEADER];
    // Row 2's atasan is the file's last person, written in the second group.
    for (let i = 1; i <= n; i++)
      lines.push(
        `${tag}${i};Grup ${i};${uniqueEmail(`grup${i}`)};;Staf;Grup ${tag};;;${i === n ? '' : `${tag}${n}`};2024-01-0${(i % 9) + 1};Karyawan;`,
      );
    const before = await snapshot();
    // An error in the last row: nothing is written, the first group included.
    const bad = await post(admin.token, dataUrl([...lines, `${tag}X;Salah;bukan-email;;Staf;;;;;;Karyawan;`].join('\r\n')), false);
    expect(bad.status).toBe(200);
    expect(bad.body.committed).toBe(false);
    expect(bad.body.errors).toHaveLength(1);
    expect(await snapshot()).toEqual(before);

    const done = await post(admin.token, dataUrl(lines.join('\r\n')), false);
    expect(done.body.committed).toBe(true);
    expect(done.body.counts).toMatchObject({ total: n, baru: n });
    const made = await db.user.findMany({ where: { employeeNumber: { startsWith: tag } }, orderBy: { createdAt: 'asc' } });
    expect(made).toHaveLength(n);
    const last = made.find((u) => u.employeeNumber === `${tag}${n}`)!;
    expect(made.filter((u) => u.supervisorId === last.id)).toHaveLength(n - 1);
    expect(made.every((u) => u.mustChangePassword && u.onPayroll && u.divisionId === last.divisionId)).toBe(true);
    expect(await verifyPassword(getEnv().DEFAULT_EMPLOYEE_PASSWORD, made[0]!.passwordHash)).toBe(true);
    const audits = await db.auditLog.findMany({ where: { kind: 'user.create', targetUserId: { in: made.map((u) => u.id) } } });
    expect(audits).toHaveLength(n);
    expect(audits[0]).toMatchObject({ actorId: admin.user.id, actorRole: 'admin', entity: 'User', note: 'karyawan.csv' });
    expect(audits[0]!.after).toMatchObject({ via: 'import', position: 'Staf' });
    expect(audits[0]!.before).toBeNull();
    // The same file again: nothing changes.
    const again = await snapshot();
    const second = await post(admin.token, dataUrl(lines.join('\r\n')), false);
    expect(second.body.counts).toMatchObject({ baru: 0, diubah: 0, tanpaPerubahan: n });
    expect(await snapshot()).toEqual({ ...again, audit: again.audit + 1 });
  });
});
