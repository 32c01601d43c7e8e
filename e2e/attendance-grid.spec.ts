// Absensi Bulanan and the payroll file in Chromium (docs/exports.md): the admin opens the page from the
// menu, sees this month's grid (Budi's row, the legend), downloads the XLSX on F4 and the CSV; the payroll
// file of an open month is refused on the page; a preset is made (a column renamed and moved), changed and
// deleted; a closed month (January 2025, closed for the test and opened again) downloads in that preset.
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN, loginUi } from './fixtures';
import { apiToken, bearer, todayJakarta } from './admin-helpers';
import { expectToast, recordPopups } from './support/toasts';

test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

const CLOSED = '2025-01';

test('the month grid, its files, a payroll preset and the payroll file of a closed month', async ({ page, request }) => {
  const month = todayJakarta().slice(0, 7);
  await loginUi(page, ADMIN, /\/admin$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Absensi Bulanan' }).click();
  await expect(page.getByRole('heading', { name: 'Absensi Bulanan', level: 1 })).toBeVisible();
  await page.getByLabel('Bulan', { exact: true }).fill(month);
  await expect(page.getByTestId('grid-status')).toHaveText('Periode terbuka (data berjalan)');
  await expect(page.getByTestId('grid-legend')).toContainText('CB Cuti bersama (libur)');
  await expect(page.getByTestId('grid-table').getByRole('rowheader', { name: /Budi/ })).toBeVisible();
  await expect(page.getByTestId('grid-page')).toContainText('Halaman 1 dari');

  const xlsx = await download(page, 'XLSX (F4)');
  expect(xlsx.name).toBe(`absensi-bulanan-${month}.xlsx`);
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
  const csv = await download(page, 'CSV');
  expect(csv.name).toBe(`absensi-bulanan-${month}.csv`);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.bytes.toString('utf8').slice(1).split('\r\n')[0]).toMatch(/^"NIK";"Nama Karyawan";"Kantor";"Divisi";"1";"2";/);

  // This month is open: the payroll file waits for the close.
  await expect(page.getByTestId('payroll-open')).toContainText('Tutup periode terlebih dahulu');
  await expect(page.getByRole('button', { name: 'Penggajian CSV' })).toBeDisabled();

  // A preset: Standar's columns, the first renamed and moved below the name.
  const name = `ERP ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByRole('button', { name: 'Preset Baru' }).click();
  const form = page.getByTestId('preset-form');
  await form.getByLabel('Nama preset').fill(name);
  await form.getByLabel('Judul kolom NIK').fill('ID Karyawan');
  await form.getByRole('button', { name: 'Turunkan ID Karyawan' }).click();
  await form.getByLabel('Pemisah CSV').selectOption(',');
  await form.getByRole('button', { name: 'Simpan Preset' }).click();
  await expectToast(page, 'Preset disimpan');
  await expect(page.getByTestId('payroll-presets')).toContainText(name);
  await expect(page.getByTestId('payroll-preset')).toHaveValue(/[0-9a-f-]{36}/);

  const admin = await apiToken(request, ADMIN);
  const closed = await request.post(`/api/periods/${CLOSED}/close`, {
    headers: bearer(admin),
    data: { override: true, reason: 'Data uji E2E file penggajian' },
  });
  expect([200, 409], await closed.text()).toContain(closed.status());
  try {
    await page.getByLabel('Bulan', { exact: true }).fill(CLOSED);
    await expect(page.getByTestId('grid-status')).toHaveText('Periode ditutup (data beku)');
    const file = await download(page, 'Penggajian CSV');
    expect(file.name).toMatch(new RegExp(`^penggajian-${CLOSED}-erp-[a-z0-9]+\\.csv$`));
    expect(file.bytes.toString('utf8').slice(1).split('\r\n')[0]).toMatch(/^"Nama Karyawan","ID Karyawan","Kantor",/);
  } finally {
    const reopened = await request.post(`/api/periods/${CLOSED}/reopen`, {
      headers: bearer(admin),
      data: { reason: 'Data uji E2E selesai' },
    });
    expect(reopened.status()).toBe(200);
  }

  // Change it, then delete it.
  await page.getByRole('button', { name: `Ubah preset ${name}` }).click();
  await form.getByLabel('Pemisah desimal').selectOption('.');
  await form.getByRole('button', { name: 'Simpan Preset' }).click();
  await expectToast(page, 'Preset diperbarui');
  await page.getByRole('button', { name: `Hapus preset ${name}` }).click();
  await page.locator('.swal2-popup:not(.swal2-toast)').getByRole('button', { name: 'Hapus' }).click();
  await expectToast(page, 'Preset dihapus');
  await expect(page.getByTestId('payroll-presets')).not.toContainText(name);
});
