// Attendance machines against the production server (docs/terminals.md): the terminal simulator of the
// test suite (tests/support/terminal-sim.ts) speaks HTTP to `next start` as a ZKTeco-family terminal
// does; the admin accepts its serial number on Mesin Absensi; a batch of 500 lines with duplicates and an
// unknown PIN is taken once and its retry doubles nothing; HR sees the unknown PIN and uploads an attlog
// file through the dry run; the admin's Riwayat Absensi names each punch's source. The punches are
// today's, from 06:00 in Jakarta (WIB), one a minute, for employees of this spec only.
import { test, expect } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { ADMIN, HR, openAs, registerEmployee } from './fixtures';
import { apiToken, bearer, getJson, todayJakarta } from './admin-helpers';
import { TerminalSim, attlogLine } from '../tests/support/terminal-sim';
import type { TerminalListDto } from '../features/terminals/types/terminals';
import { pickPerson } from './support/person-picker';

const pad = (n: number) => String(n).padStart(2, '0');
/** Local time `minutes` after 06:00 today (WIB). */
const at = (minutes: number) => `${todayJakarta()} ${pad(6 + Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
type Row = { checkIn: { timestamp: string } | null; checkOut: { timestamp: string } | null };

test('a terminal handshakes, is accepted on Mesin Absensi, pushes 500 lines once, and HR uploads an attlog with a dry run', async ({
  page,
  request,
  baseURL,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const sn = `E2E${suffix.toUpperCase()}`;
  const pinBase = 7000 + (parseInt(suffix, 16) % 2000) * 4; // four PINs of this run: base … base+3
  const admin = await apiToken(request, ADMIN);
  const people: (Awaited<ReturnType<typeof registerEmployee>> & { pin: string })[] = [];
  for (let i = 0; i < 4; i++) {
    const emp = await registerEmployee(request, { name: `Mesin ${i + 1} ${suffix}` });
    const pin = `${pinBase + i}`;
    const edit = await request.put(`/api/users/${emp.id}`, {
      headers: bearer(admin),
      data: { name: emp.name, email: emp.email, position: emp.position, role: 'employee', machinePin: pin },
    });
    expect(edit.status(), await edit.text()).toBe(200);
    people.push({ ...emp, pin });
  }
  const ani = people[0]!;
  const dodi = people[3]!;
  const unknownPin = `U${suffix}`;

  // The terminal boots: the server does not know it and takes none of its punches yet.
  const sim = new TerminalSim(baseURL!, sn);
  const hello = await sim.handshake();
  expect(hello.status).toBe(200);
  expect(hello.text.startsWith(`GET OPTION FROM: ${sn}\n`)).toBe(true);
  expect(sim.options.ATTLOGStamp).toBe('None');
  sim.punch(attlogLine(ani.pin, at(0)));
  expect((await sim.upload()).status).toBe(403);
  expect(sim.pending).toBe(1);
  expect((await sim.poll()).text).toBe('OK\n');

  // The admin accepts it on Mesin Absensi, naming it and choosing its office.
  await openAs(page, ADMIN, '/admin/terminals');
  const row = page.getByTestId('terminal-row').filter({ hasText: sn });
  await expect(row).toContainText('Menunggu persetujuan');
  await row.getByRole('button', { name: `Setujui ${sn}` }).click();
  const form = page.getByRole('dialog', { name: 'Setujui Mesin Absensi' });
  await form.getByLabel('Nama mesin').fill(`Pintu Gudang ${suffix}`);
  await form.getByRole('button', { name: 'Setujui' }).click();
  await expect(page.getByRole('heading', { name: 'Berhasil' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(row).toContainText('Aktif');
  await expect(row).toContainText(`Pintu Gudang ${suffix}`);

  // 500 lines: Ani, Budi, Citra and Dodi one a minute (116 each from 06:00, Ani's first is the one kept
  // above), 6 of a PIN nobody has, and the last 30 of them sent twice in the same batch.
  await sim.handshake();
  expect(sim.options.TimeZone).toBe('7');
  const lines = people.flatMap((p, i) =>
    Array.from({ length: 116 }, (_, m) => attlogLine(p.pin, at(m), m === 115 ? 1 : 0, i % 2 ? 15 : 1)),
  );
  const unknown = Array.from({ length: 6 }, (_, m) => attlogLine(unknownPin, at(m * 10)));
  const batch = [...lines, ...unknown, ...lines.slice(-30)];
  expect(batch).toHaveLength(500);
  expect(await sim.upload(batch)).toEqual({ status: 200, text: 'OK: 500\n' });
  // What the terminal kept from before its acceptance goes too (a duplicate of Ani's 06:00).
  expect(await sim.upload()).toEqual({ status: 200, text: 'OK: 1\n' });
  const terminal = async () =>
    (await getJson<TerminalListDto>(request, '/api/terminals', admin)).terminals.find((t) => t.serialNumber === sn)!;
  // 4 × 116 + 6 = 470 distinct punches.
  expect((await terminal()).punches).toBe(470);
  const records = async () => Promise.all(people.map(async (p) => getJson<Row[]>(request, `/api/attendance/all?employee=${p.id}`, admin)));
  const first = await records();
  for (const r of first) {
    expect(r).toHaveLength(1);
    // First in, last out: 06:00 and 07:55 WIB (the 114 between stay as facts).
    expect(new Date(r[0]!.checkIn!.timestamp).toISOString()).toBe(new Date(`${todayJakarta()}T06:00:00+07:00`).toISOString());
    expect(new Date(r[0]!.checkOut!.timestamp).toISOString()).toBe(new Date(`${todayJakarta()}T07:55:00+07:00`).toISOString());
  }

  // The terminal did not hear the answer and sends the same batch again: nothing doubles.
  expect(await sim.upload(batch)).toEqual({ status: 200, text: 'OK: 500\n' });
  expect((await terminal()).punches).toBe(470);
  expect(await records()).toEqual(first);
  await sim.handshake();
  expect(sim.options.ATTLOGStamp).toBe('4');

  // HR: the unknown PIN is listed; an attlog file from a USB stick goes through the dry run first.
  const hr = await apiToken(request, HR);
  const list = await getJson<TerminalListDto>(request, '/api/terminals', hr);
  expect(list.unknownPins.find((p) => p.pin === unknownPin)).toMatchObject({ punches: 6 });
  await page.context().clearCookies();
  await openAs(page, HR, '/hr/terminals');
  await expect(page.getByTestId('unknown-pin-row').filter({ hasText: unknownPin })).toContainText('6');
  await expect(page.getByTestId('terminal-row').filter({ hasText: sn })).toContainText('Aktif');
  // HR reads the list; accepting and deleting are the admin's.
  await expect(page.getByRole('button', { name: `Hapus Pintu Gudang ${suffix}` })).toHaveCount(0);

  const attlog = [attlogLine(dodi.pin, at(180), 0, 1), attlogLine(dodi.pin, at(181), 0, 1), attlogLine(ani.pin, at(0), 0, 1)].join('\r\n');
  await page.getByRole('button', { name: 'Unggah File Absensi' }).click();
  const upload = page.getByRole('dialog', { name: 'Unggah File Absensi' });
  await upload.getByLabel('Mesin', { exact: true }).selectOption({ label: `Pintu Gudang ${suffix}` });
  await upload.getByLabel(/File absensi/).setInputFiles({ name: 'attlog.dat', mimeType: 'text/plain', buffer: Buffer.from(attlog) });
  // Dodi's 09:00 and 09:01 are new (09:01 his last: the check-out moves there); Ani's 06:00 the terminal already sent.
  await expect(upload.getByTestId('import-message')).toHaveText(
    'Pratinjau: 2 punch baru, 1 sudah tercatat, 0 PIN tidak dikenal, 0 di periode yang sudah ditutup.',
  );
  await expect(upload.getByRole('row').filter({ hasText: 'Sudah tercatat' })).toHaveCount(1);
  await expect(upload.getByRole('row').filter({ hasText: 'Check-out' })).toHaveCount(1);
  await expect((await records())[3]).toEqual(first[3]); // the dry run wrote nothing
  await upload.getByRole('button', { name: 'Simpan Impor' }).click();
  await expect(page.getByRole('heading', { name: 'Impor Berhasil' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  const after = (await records())[3]![0]!;
  expect(new Date(after.checkOut!.timestamp).toISOString()).toBe(new Date(`${todayJakarta()}T09:01:00+07:00`).toISOString());
  expect((await terminal()).punches).toBe(472);
  // The same file again: everything already recorded, nothing to save.
  await upload.getByRole('button', { name: 'Tutup', exact: true }).last().click();
  await page.getByRole('button', { name: 'Unggah File Absensi' }).click();
  await upload.getByLabel('Mesin', { exact: true }).selectOption({ label: `Pintu Gudang ${suffix}` });
  await upload.getByLabel(/File absensi/).setInputFiles({ name: 'attlog.dat', mimeType: 'text/plain', buffer: Buffer.from(attlog) });
  await expect(upload.getByTestId('import-message')).toHaveText(
    'Pratinjau: 0 punch baru, 3 sudah tercatat, 0 PIN tidak dikenal, 0 di periode yang sudah ditutup.',
  );
  await expect(upload.getByRole('button', { name: 'Simpan Impor' })).toBeDisabled();

  // The admin's Riwayat Absensi says where each punch was made: Dodi's check-in pushed by the terminal,
  // his check-out (09:01) from the uploaded file.
  await upload.getByRole('button', { name: 'Tutup', exact: true }).last().click();
  await page.context().clearCookies();
  await openAs(page, ADMIN, '/admin/attendance');
  await pickPerson(page, 'Karyawan', dodi.name);
  await page.getByRole('button', { name: 'Terapkan' }).click();
  const dodiRow = page.getByTestId('history-table').getByRole('row').filter({ hasText: dodi.name });
  await expect(dodiRow).toHaveCount(1);
  await expect(dodiRow.getByTestId('check-in-source')).toHaveText(`Mesin Pintu Gudang ${suffix}`);
  await expect(dodiRow.getByTestId('check-out-source')).toHaveText('Impor file');
});
