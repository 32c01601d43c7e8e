// Tutup Periode and the Riwayat Absensi exports in Chromium: the admin closes a month (January 2024, a
// month no other spec writes into; with a reason, which also serves as the override when something
// blocks it), a write into it is refused with 409 and "Periode Januari 2024 sudah ditutup.", the
// XLSX, PDF and CSV of Riwayat Absensi download, and the month is opened again (audited).
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN, formReady, openAs } from './fixtures';
import { apiToken, bearer, closeAnswer, todayJakarta } from './admin-helpers';
import { containing, expectToast, recordPopups } from './support/toasts';

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

async function download(page: Page, name: RegExp | string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test('the admin closes January 2024, a write into it answers 409, the exports download, the month reopens', async ({ page, request }) => {
  await openAs(page, ADMIN, '/admin/periods');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Tutup Periode' })).toHaveAttribute('href', '/admin/periods');
  await expect(page.getByRole('heading', { name: 'Tutup Periode', level: 1 })).toBeVisible();
  // Opened straight from the server: Refresh is enabled once the hydrated page has its first year.
  await formReady(page.getByRole('button', { name: 'Refresh' }));
  await page.getByLabel('Tahun', { exact: true }).selectOption('2024');
  const row = page.getByTestId('period-2024-01');
  await expect(row).toContainText('Januari 2024');

  await row.getByRole('button', { name: 'Tutup Periode' }).click();
  const dialog = page.locator('.swal2-popup:not(.swal2-toast)');
  await expect(dialog).toContainText('Tutup Periode Januari 2024');
  await dialog.getByRole('textbox', { name: 'Alasan' }).fill('Penggajian Januari 2024 selesai');
  const closed = closeAnswer(page, '2024-01');
  await dialog.getByRole('button', { name: 'Ya, Tutup' }).click();
  expect((await closed).status()).toBe(200);
  await expectToast(page, containing('Periode Januari 2024 berhasil ditutup'));
  await expect(row).toContainText('Ditutup');

  // A holiday inside the closed month: refused by the lock.
  const token = await apiToken(request, ADMIN);
  const refused = await request.post('/api/holidays', {
    headers: bearer(token),
    data: { date: '2024-01-15', name: 'Libur Uji Periode', kind: 'libur_perusahaan' },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toBe('Periode Januari 2024 sudah ditutup.');

  // Riwayat Absensi: the three files.
  await page.getByRole('link', { name: 'Riwayat Absensi' }).first().click();
  await expect(page.getByTestId('page-info')).toBeVisible();
  const today = todayJakarta();
  const xlsx = await download(page, 'Export XLSX');
  expect(xlsx.name).toBe(`riwayat-absensi-${today}.xlsx`);
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
  const pdf = await download(page, 'Export PDF');
  expect(pdf.name).toBe(`riwayat-absensi-${today}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const csv = await download(page, 'Export CSV');
  expect(csv.name).toBe(`riwayat-absensi-${today}.csv`);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe(
    // The spec's columns, then the employee number and division (docs/exports.md).
    '"Tanggal";"Nama Karyawan";"Email";"Posisi";"Check-in";"Check-out";"Status";"Lokasi Check-in";"Lokasi Check-out";"NIK";"Divisi"',
  );

  // Reopen with a reason: the write is allowed again (and removed).
  await page.getByRole('link', { name: 'Tutup Periode' }).first().click();
  await page.getByLabel('Tahun', { exact: true }).selectOption('2024');
  await row.getByRole('button', { name: 'Buka Kembali' }).click();
  await dialog.getByRole('textbox', { name: 'Alasan' }).fill('Koreksi data uji');
  await dialog.getByRole('button', { name: 'Ya, Buka' }).click();
  await expectToast(page, containing('Periode Januari 2024 berhasil dibuka kembali'));
  await expect(row).toContainText('Terbuka');
});

test('a year picked while the first year is still loading stays shown when that first answer arrives last', async ({ page }) => {
  const thisYear = new Date().getFullYear();
  const firstAnswered: Promise<void>[] = [];
  // The page's first request (the current year) is answered by the server at once, and that answer is
  // held back until the chosen year's answer has arrived. The browser's client gives up on a request
  // after 10 s (lib/api-client.ts), so the hold is kept as short as the order needs: held until 2024 was
  // on the screen and only then sent to the server, the request lasted 2024's load, its render, the
  // test's polls and its own load, over 10 s on a busy machine, and no late answer ever came.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/api/periods?year=${thisYear}`, async (route) => {
    const done = route.fetch().then(async (response) => {
      await held;
      await route.fulfill({ response });
    });
    firstAnswered.push(done);
    await done;
  });
  await openAs(page, ADMIN, '/admin/periods');
  await expect(page.getByRole('heading', { name: 'Tutup Periode', level: 1 })).toBeVisible();
  // The first request is the hydrated page's own: once it is out, the year picker is the page's.
  await expect.poll(() => firstAnswered.length).toBe(1);
  const chosen = page.waitForResponse('**/api/periods?year=2024');
  await page.getByLabel('Tahun', { exact: true }).selectOption('2024');
  await (await chosen).finished();

  const late = page.waitForResponse(`**/api/periods?year=${thisYear}`);
  release();
  await (await late).finished();
  await Promise.all(firstAnswered);
  await expect(page.getByTestId('period-2024-01')).toContainText('Januari 2024');
  // The late answer changed nothing: still 2024, and no row of the current year. Two frames after its
  // body arrived, the page has handled it (a render would have been committed by then).
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  await expect(page.getByTestId('period-2024-01')).toBeVisible();
  await expect(page.getByTestId(`period-${thisYear}-01`)).toHaveCount(0);
});
