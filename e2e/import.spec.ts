// Impor Karyawan in Chromium (docs/onboarding.md): HR downloads the template, fills two people into it,
// uploads it, sees the dry run (nothing saved yet), saves, and finds the people on Kelola Karyawan by NIK.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { ADMIN, HR, employeeListReady, openAs } from './fixtures';
import { apiToken, bearer } from './admin-helpers';
import { expectToast, recordPopups } from './support/toasts';

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
  await openAs(page, HR, '/hr/employees');
  // Opened straight from the server: a click before React has hydrated the page is lost.
  await employeeListReady(page);
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

  // A routine save ends in a toast (no closed month reached): recorded from before the click.
  await recordPopups(page);
  await dialog.getByRole('button', { name: 'Simpan Impor' }).click();
  const saved = await expectToast(page, 'Impor Berhasil');
  expect(saved.text).toBe('Impor selesai: 2 baru, 0 diubah, 0 tanpa perubahan');
  await dialog.getByRole('button', { name: 'Tutup' }).last().click();
  await expect(dialog).toBeHidden();

  // On Kelola Karyawan, found by NIK.
  for (const p of people) {
    await page.getByRole('searchbox', { name: 'Cari karyawan' }).fill(p.NIK);
    await expect(page.getByRole('row').filter({ hasText: p.Nama })).toContainText(p.NIK);
  }
});

// An import that reaches a closed month (docs/periods.md, "Changes that reach a closed month"): March 2024,
// a month no other spec writes into, closed by Tutup Periode; HR imports a person who joined on 5 March 2024.
// The dry run says before saving that March keeps its days; the success dialog says it again and stays
// until it is closed. The month is opened again at the end.
test('an import that reaches a closed month: the dry run and the saved dialog say from when it applies', async ({ page, request }) => {
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  const admin = await apiToken(request, ADMIN);
  const close = await request.post('/api/periods/2024-03/close', {
    headers: bearer(admin),
    data: { reason: 'Uji impor pada periode tertutup', override: true },
  });
  expect(close.status(), await close.text()).toBe(200);
  // Exactly 'Perubahan berlaku mulai 1 April 2024 karena periode Maret 2024 sudah ditutup; …' — unless a spec
  // running alongside has last month closed at that moment (recap.spec.ts), which the notice then names too.
  const notice =
    /^Perubahan berlaku mulai 1 \S+ \d{4} karena periode Maret 2024( dan \S+ \d{4}|, .+)? sudah ditutup; hari-hari di periode(-periode)? itu tidak berubah\.$/;
  try {
    await recordPopups(page);
    await openAs(page, HR, '/hr/employees');
    await employeeListReady(page);
    await page.getByRole('button', { name: 'Impor', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Impor Karyawan' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'karyawan-maret.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `NIK;Nama;Email;Jabatan;Tanggal Bergabung\r\nP24${tag};Periode ${tag};periode.${tag.toLowerCase()}@e2e.local;Staf;05/03/2024\r\n`,
      ),
    });
    await expect(dialog.getByRole('status')).toHaveText('Siap diimpor: 1 baru, 0 diubah, 0 tanpa perubahan. Belum ada yang disimpan.');
    await expect(dialog.getByRole('note', { name: 'Periode tertutup' })).toHaveText(
      new RegExp(`^Periode tertutup: ${notice.source.slice(1)}`),
    );

    await dialog.getByRole('button', { name: 'Simpan Impor' }).click();
    const popup = page.locator('.swal2-popup:not(.swal2-toast)');
    await expect(popup.locator('.swal2-title')).toHaveText('Impor Berhasil');
    await expect(popup.locator('.swal2-html-container')).toHaveText(
      new RegExp(`^Impor selesai: 1 baru, 0 diubah, 0 tanpa perubahan\\. ${notice.source.slice(1)}`),
    );
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
  } finally {
    const reopen = await request.post('/api/periods/2024-03/reopen', { headers: bearer(admin), data: { reason: 'Selesai uji' } });
    expect(reopen.status(), await reopen.text()).toBe(200);
  }
});
