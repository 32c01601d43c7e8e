// Impor Karyawan in Chromium (docs/onboarding.md): HR downloads the template, fills two people into it,
// uploads it, sees the dry run (nothing saved yet), saves, and finds the people on Kelola Karyawan by NIK.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { HR, loginUi } from './fixtures';

test('HR imports two people from the template: dry run first, then saved and listed', async ({ page }) => {
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  const people = [
    {
      NIK: `E2E${tag}1`,
      Nama: `Impor Satu ${tag}`,
      Email: `impor1.${tag.toLowerCase()}@e2e.local`,
      Jabatan: 'Staf',
      Divisi: `Gudang ${tag}`,
    },
    {
      NIK: `E2E${tag}2`,
      Nama: `Impor Dua ${tag}`,
      Email: `impor2.${tag.toLowerCase()}@e2e.local`,
      Jabatan: 'Kurir',
      Divisi: `Gudang ${tag}`,
    },
  ];
  await loginUi(page, HR, /\/hr$/);
  await page.goto('/hr/employees');
  await page.getByRole('button', { name: 'Impor', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor Karyawan' });
  await expect(dialog).toBeVisible();

  // The template: its header row is the file's; the people go under it (the example row is left out).
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Template CSV' }).click()]);
  const template = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
  const headerLine = template.split(/\r?\n/)[0]!;
  const sep = headerLine.split(';').length > headerLine.split(',').length ? ';' : ',';
  const headers = headerLine.split(sep).map((h) => h.replace(/^"|"$/g, ''));
  expect(headers.slice(0, 3)).toEqual(['NIK', 'Nama', 'Email']);
  const lines = [headerLine, ...people.map((p) => headers.map((h) => (p as Record<string, string>)[h] ?? '').join(sep))];
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'karyawan-baru.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`),
  });

  // The dry run: both new, the division to be made, nothing saved yet.
  await expect(dialog.getByRole('status')).toHaveText('Siap diimpor: 2 baru, 0 diubah, 0 tanpa perubahan. Belum ada yang disimpan.');
  await expect(dialog).toContainText(`Divisi baru: Gudang ${tag}`);
  const rows = dialog.getByRole('table', { name: 'Hasil pemeriksaan per baris' });
  for (const p of people) await expect(rows.getByRole('row').filter({ hasText: p.NIK })).toContainText('Baru');
  const before = (await (await page.request.get(`/api/users?search=${people[0]!.NIK}`)).json()) as unknown[];
  expect(before).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Simpan Impor' }).click();
  await expect(page.locator('.swal2-popup')).toContainText('Impor selesai: 2 baru, 0 diubah, 0 tanpa perubahan');
  await page.locator('.swal2-confirm').click();
  await dialog.getByRole('button', { name: 'Tutup' }).last().click();
  await expect(dialog).toBeHidden();

  // On Kelola Karyawan, found by NIK.
  for (const p of people) {
    await page.getByRole('searchbox', { name: 'Cari karyawan' }).fill(p.NIK);
    await expect(page.getByRole('row').filter({ hasText: p.Nama })).toContainText(p.NIK);
  }
});
