import { readFileSync } from 'node:fs';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, HR, registerEmployee, employeeListReady, openAs } from './fixtures';
import { containing, expectToast, recordPopups } from './support/toasts';
import { pickPerson } from './support/person-picker';
import { todayJakarta, workdaysAhead } from './admin-helpers';
import { addDays } from '../lib/dates';

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

// Balances, half days, supervisor then HR, attachments, adjustments (docs/leave.md).

const popup = (page: Page) => page.locator('.swal2-popup:not(.swal2-toast)');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

async function applyUi(
  page: Page,
  v: { type: string; start: string; end?: string; halfDay?: string; reason: string; file?: boolean },
  expectLength?: string,
) {
  await page.getByRole('button', { name: 'Ajukan Cuti' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajukan Cuti' });
  await dialog.getByLabel('Jenis Cuti').selectOption(v.type);
  await dialog.getByLabel('Dari Tanggal').fill(v.start);
  await dialog.getByLabel('Sampai Tanggal').fill(v.end ?? v.start);
  if (v.halfDay) await dialog.getByLabel('Setengah Hari').selectOption(v.halfDay);
  if (v.file)
    await dialog
      .getByLabel('Lampiran (surat dokter)')
      .setInputFiles({ name: 'surat-dokter.pdf', mimeType: 'application/pdf', buffer: PDF });
  if (expectLength) await expect(dialog.getByTestId('leave-length')).toHaveText(expectLength);
  await dialog.getByLabel('Alasan').fill(v.reason);
  await dialog.getByRole('button', { name: 'Ajukan', exact: true }).click();
  await expect(popup(page).getByRole('heading', { name: 'Pengajuan Berhasil!' })).toBeVisible();
  await popup(page).getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Saldo cuti', () => {
  test('an employee sees the balance, applies for half a day, the supervisor then HR approve, the balance drops by 0.5', async ({
    page,
    browser,
    request,
  }) => {
    const boss = await registerEmployee(request, { name: 'Atasan Sinta' });
    const emp = await registerEmployee(request, { name: `Bayu Setengah ${Date.now() % 100000}` });
    const token = await adminToken(request);
    const auth = { Authorization: `Bearer ${token}` };
    expect(
      (
        await request.put(`/api/users/${emp.id}`, {
          headers: auth,
          data: { name: emp.name, email: emp.email, position: emp.position, role: 'employee', supervisorId: boss.id },
        })
      ).status(),
    ).toBe(200);
    expect(
      (
        await request.post(`/api/leaves/balance/${emp.id}/adjust`, {
          headers: auth,
          data: { days: 2, reason: 'Saldo awal karyawan pindahan' },
        })
      ).status(),
    ).toBe(200);

    await openAs(page, emp, '/employee');
    await expect(page.getByTestId('leave-balance')).toHaveText('Sisa cuti tahunan: 2 hari');
    await page.goto('/employee/leave');
    await expect(page.getByTestId('leave-balance')).toHaveText('Sisa cuti tahunan: 2 hari');
    const day = await workdaysAhead(request, await adminToken(request), 3);
    await applyUi(
      page,
      { type: 'cuti', start: day, halfDay: 'pagi', reason: 'Mengurus dokumen di kelurahan' },
      'Lama cuti: 0,5 hari kerja',
    );

    const list = await (await request.get(`/api/leaves/user/${emp.id}`, { headers: { Authorization: `Bearer ${emp.token}` } })).json();
    const leaveId = list[0].id as string;
    expect(list[0]).toMatchObject({ days: 0.5, halfDay: 'pagi', awaiting: 'atasan' });
    const first = await request.put(`/api/leaves/${leaveId}/status`, {
      headers: { Authorization: `Bearer ${boss.token}` },
      data: { status: 'approved', note: 'Silakan' },
    });
    expect(first.status()).toBe(200);

    const hrContext = await browser.newContext();
    const hr = await hrContext.newPage();
    await openAs(hr, HR, '/hr/reports');
    const item = hr.getByTestId('leave-approval-item').filter({ hasText: emp.name });
    await expect(item.getByTestId('leave-steps')).toContainText('Atasan: disetujui oleh Atasan Sinta');
    await expect(item.getByTestId('leave-steps')).toContainText('Menunggu keputusan HR/Admin');
    await item.getByRole('button', { name: 'Setujui' }).click();
    await popup(hr).getByRole('button', { name: 'Ya, Setujui' }).click();
    await expect(popup(hr).getByRole('heading', { name: 'Pengajuan Disetujui' })).toBeVisible();
    await popup(hr).getByRole('button', { name: 'OK' }).click();
    await expect(item.getByTestId('leave-status')).toHaveText('Disetujui');
    await hrContext.close();

    await page.reload();
    await expect(page.getByTestId('leave-balance')).toHaveText('Sisa cuti tahunan: 1,5 hari');
  });

  test('sick leave of two days with a PDF letter, which HR opens', async ({ page, browser, request }) => {
    const emp = await registerEmployee(request, { name: `Dewi Sakit ${Date.now() % 100000}` });
    await openAs(page, emp, '/employee/leave');
    const start = await workdaysAhead(request, await adminToken(request), 5, 2);
    const end = addDays(start, 1);
    await applyUi(
      page,
      { type: 'sakit', start, end, reason: 'Demam tinggi, istirahat sesuai surat dokter', file: true },
      'Lama cuti: 2 hari kerja',
    );

    const hrContext = await browser.newContext();
    const hr = await hrContext.newPage();
    await openAs(hr, HR, '/hr/reports');
    const link = hr.getByTestId('leave-approval-item').filter({ hasText: emp.name }).getByRole('link', { name: 'Lihat lampiran' });
    await expect(link).toBeVisible();
    const res = await hr.request.get((await link.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await hrContext.close();
  });

  test('an admin adjusts a balance with a reason on Jenis Cuti', async ({ page, request }) => {
    const emp = await registerEmployee(request, { name: `Eko Saldo ${Date.now() % 100000}` });
    await openAs(page, ADMIN, '/admin');
    await page.getByRole('link', { name: 'Jenis Cuti' }).first().click();
    await expect(page.getByRole('heading', { name: 'Jenis Cuti' })).toBeVisible();
    await expect(page.getByTestId('leave-type-row').filter({ hasText: 'Cuti Tahunan' })).toBeVisible();
    await pickPerson(page, 'Karyawan', emp.name);
    await expect(page.getByTestId('leave-balance')).toHaveText('Sisa cuti tahunan: 0 hari');
    await page.getByLabel('Jumlah hari (±)').fill('3');
    await page.getByRole('button', { name: 'Sesuaikan Saldo' }).click();
    await expectToast(page, containing('Alasan penyesuaian minimal 5 karakter'));
    await page.getByRole('textbox', { name: 'Alasan penyesuaian' }).fill('Kompensasi kerja di hari libur');
    await page.getByRole('button', { name: 'Sesuaikan Saldo' }).click();
    await expect(page.getByTestId('leave-balance')).toHaveText('Sisa cuti tahunan: 3 hari');
    await page.getByText('Riwayat saldo cuti').click();
    await expect(page.getByTestId('ledger-row').first()).toContainText('Penyesuaian — Kompensasi kerja di hari libur');

    // Ekspor CSV: a link the server answers with every employee's balance (GET /leaves/balances/export).
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Ekspor CSV' }).click()]);
    expect(file.suggestedFilename()).toBe(`saldo-cuti-${todayJakarta()}.csv`);
    const bytes = readFileSync((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '"NIK";"Nama";"Divisi";"Kantor";"Sisa Cuti Tahunan (hari)";"Menunggu Persetujuan (hari)";"Masih Bisa Diajukan (hari)";"Cuti Bersama Mendatang (hari)"',
    );
    // Registered today: no NIK, no division, the main office; the 3 adjusted days, nothing pending.
    const row = lines.find((l) => l.includes(`"${emp.name}"`));
    expect(row).toMatch(new RegExp(`^"";"${emp.name}";"";"[^"]+";"3";"0";"3";"0"$`));
  });
});

test.describe('Jenis Cuti dan Persetujuan Tim', () => {
  test('an admin adds a leave type and edits it; the employee form follows each change', async ({ page, browser, request }) => {
    const tag = Date.now() % 100000;
    const name = `Cuti Ibadah ${tag}`;
    const emp = await registerEmployee(request, { name: `Fajar Form ${tag}` });
    await openAs(page, ADMIN, '/admin');
    await page.getByRole('link', { name: 'Jenis Cuti' }).first().click();
    await page.getByRole('button', { name: 'Tambah Jenis Cuti' }).click();
    let dialog = page.getByRole('dialog', { name: 'Tambah Jenis Cuti' });
    await dialog.getByLabel('Nama', { exact: true }).fill(name);
    await dialog.getByLabel('Durasi maksimal per pengajuan (hari)').fill('40');
    await dialog.getByLabel('Boleh setengah hari').check();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog).toBeHidden();
    const typeRow = page.getByTestId('leave-type-row').filter({ hasText: name });
    await expect(typeRow).toContainText('40');

    const empContext = await browser.newContext();
    const ep = await empContext.newPage();
    await openAs(ep, emp, '/employee/leave');
    await ep.getByRole('button', { name: 'Ajukan Cuti' }).click();
    let form = ep.getByRole('dialog', { name: 'Ajukan Cuti' });
    await form.getByLabel('Jenis Cuti').selectOption({ label: name });
    await expect(form.getByLabel('Setengah Hari')).toBeVisible();
    await expect(form.getByLabel('Jumlah Jam')).toHaveCount(0);

    // Now hourly, not half days.
    await typeRow.getByRole('button', { name: `Ubah ${name}` }).click();
    dialog = page.getByRole('dialog', { name: `Ubah ${name}` });
    await dialog.getByLabel('Boleh setengah hari').uncheck();
    await dialog.getByLabel('Boleh izin per jam').check();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog).toBeHidden();
    await expect(typeRow.locator('td').nth(6)).toHaveText('Tidak');
    await expect(typeRow.locator('td').nth(7)).toHaveText('Ya');

    await ep.reload();
    await ep.getByRole('button', { name: 'Ajukan Cuti' }).click();
    form = ep.getByRole('dialog', { name: 'Ajukan Cuti' });
    await form.getByLabel('Jenis Cuti').selectOption({ label: name });
    await expect(form.getByLabel('Jumlah Jam')).toBeVisible();
    await expect(form.getByLabel('Setengah Hari')).toHaveCount(0);

    // Inactive: gone from the employee's list.
    await typeRow.getByRole('button', { name: `Ubah ${name}` }).click();
    dialog = page.getByRole('dialog', { name: `Ubah ${name}` });
    await dialog.getByLabel('Aktif').uncheck();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(typeRow).toContainText('(nonaktif)');
    await ep.reload();
    await ep.getByRole('button', { name: 'Ajukan Cuti' }).click();
    await expect(ep.getByRole('dialog', { name: 'Ajukan Cuti' }).getByLabel('Jenis Cuti').locator('option', { hasText: name })).toHaveCount(
      0,
    );
    await empContext.close();
  });

  test('the admin names a supervisor in the employee modal; the supervisor approves first in Persetujuan Tim, then HR', async ({
    page,
    browser,
    request,
  }) => {
    const tag = Date.now() % 100000;
    const boss = await registerEmployee(request, { name: `Gita Atasan ${tag}` });
    const emp = await registerEmployee(request, { name: `Hadi Anggota ${tag}` });
    const token = await adminToken(request);
    expect(
      (
        await request.post(`/api/leaves/balance/${emp.id}/adjust`, {
          headers: { Authorization: `Bearer ${token}` },
          data: { days: 3, reason: 'Saldo awal karyawan pindahan' },
        })
      ).status(),
    ).toBe(200);

    await openAs(page, ADMIN, '/admin/employees');
    await employeeListReady(page);
    await page.getByPlaceholder('Cari karyawan...').fill(emp.email);
    await page
      .getByTestId('employee-row')
      .filter({ hasText: emp.email })
      .getByRole('button', { name: `Edit ${emp.name}` })
      .click();
    const modal = page.getByRole('dialog', { name: 'Edit Karyawan' });
    await pickPerson(modal, 'Atasan (menyetujui cuti lebih dulu)', boss.name);
    await modal.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Berhasil Update', { icon: 'success' });

    const day = await workdaysAhead(request, await adminToken(request), 4);
    const applied = await request.post('/api/leaves/apply', {
      headers: { Authorization: `Bearer ${emp.token}` },
      data: { type: 'cuti', startDate: day, endDate: day, reason: 'Menghadiri wisuda adik di Bandung' },
    });
    expect(applied.status()).toBe(201);
    expect((await applied.json()).awaiting).toBe('atasan');

    // An employee without a team has no such menu entry; the supervisor has.
    const empContext = await browser.newContext();
    const ep = await empContext.newPage();
    await openAs(ep, emp, '/employee');
    await expect(ep.getByRole('link', { name: 'Ajukan Cuti' })).toBeVisible();
    await expect(ep.getByRole('link', { name: 'Persetujuan Tim' })).toHaveCount(0);
    await empContext.close();
    const bossContext = await browser.newContext();
    const bp = await bossContext.newPage();
    await openAs(bp, boss, '/employee');
    await bp.getByRole('link', { name: 'Persetujuan Tim' }).click();
    await expect(bp.getByRole('heading', { name: 'Persetujuan Tim' })).toBeVisible();
    const item = bp.getByTestId('leave-approval-item').filter({ hasText: emp.name });
    await expect(item.getByTestId('leave-steps')).toContainText('Menunggu persetujuan atasan');
    await item.getByRole('button', { name: 'Setujui' }).click();
    await popup(bp).getByRole('button', { name: 'Ya, Setujui' }).click();
    await expect(popup(bp).getByRole('heading', { name: 'Pengajuan Disetujui' })).toBeVisible();
    await popup(bp).getByRole('button', { name: 'OK' }).click();
    await expect(item.getByTestId('leave-steps')).toContainText(`Atasan: disetujui oleh ${boss.name}`);
    await expect(item.getByTestId('leave-steps')).toContainText('Menunggu keputusan HR/Admin');
    await expect(item.getByRole('button', { name: 'Setujui' })).toHaveCount(0);
    await bp.getByLabel('Bulan').fill(day.slice(0, 7));
    await expect(bp.getByTestId('team-calendar-day').filter({ hasText: emp.name }).first()).toBeVisible();
    await bossContext.close();

    const hrContext = await browser.newContext();
    const hr = await hrContext.newPage();
    await openAs(hr, HR, '/hr/reports');
    const hrItem = hr.getByTestId('leave-approval-item').filter({ hasText: emp.name });
    await hrItem.getByRole('button', { name: 'Setujui' }).click();
    await popup(hr).getByRole('button', { name: 'Ya, Setujui' }).click();
    await expect(popup(hr).getByRole('heading', { name: 'Pengajuan Disetujui' })).toBeVisible();
    await popup(hr).getByRole('button', { name: 'OK' }).click();
    await expect(hrItem.getByTestId('leave-status')).toHaveText('Disetujui');
    await hrContext.close();
    const balance = await (
      await request.get(`/api/leaves/balance/${emp.id}`, { headers: { Authorization: `Bearer ${emp.token}` } })
    ).json();
    expect(balance.annual.balance).toBe(2);
  });
});
