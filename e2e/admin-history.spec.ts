// Riwayat Absensi (admin) in Chromium: filters, pagination by the server (one page of the selected size,
// the count from X-Total-Count), empty state, period checks, error banners, CSV of every record of the
// filters, photos, and the review of a record the face re-check flagged.
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN, openAs, signInAs } from './fixtures';
import { employeeCheckedIn, todayJakarta } from './admin-helpers';
import { containing, expectToast, recordPopups } from './support/toasts';
import { clearPerson, pickPerson, results } from './support/person-picker';

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

// Not serial: the tests share only the two employees of beforeAll, which a new worker makes again after
// a failure, so one failing test no longer leaves the ones after it unrun.

/**
 * The page's "Halaman n dari m" agrees with the count it shows ("… per halaman · N data"). Both come
 * from one answer of the server; other specs check people in meanwhile, so N is read off the page,
 * not fixed beforehand.
 */
async function expectPageOf(page: Page, n: number, size: number): Promise<number> {
  let shown = 0;
  await expect(async () => {
    const count = await page.getByTestId('pagination').textContent();
    shown = Number(/· (\d+) data/.exec(count ?? '')?.[1]);
    await expect(page.getByTestId('page-info')).toHaveText(`Halaman ${n} dari ${Math.ceil(shown / size)}`, { timeout: 1000 });
  }).toPass();
  return shown;
}

/** How many records the list holds for these filters: the server's count (X-Total-Count), not one page. */
async function totalOf(page: Page, qs = ''): Promise<number> {
  const res = await page.request.get(`/api/attendance/all?limit=1${qs}`);
  expect(res.ok()).toBe(true);
  return Number(res.headers()['x-total-count']);
}

const suffix = Math.random().toString(36).slice(2, 7);
const GOOD = `Riwayat Wajah Cocok ${suffix}`;
// A name a spreadsheet would run as a formula, with quotes: the CSV must neutralise and double them.
const FLAGGED = `=HYPERLINK("x") Tandai ${suffix}`;

test.beforeAll(async ({ request }) => {
  await employeeCheckedIn(request, GOOD, 'person-a-2.jpg');
  await employeeCheckedIn(request, FLAGGED, 'person-b-1.jpg');
});

test('filters by employee, paginates, shows the empty state and checks the period', async ({ page }) => {
  await signInAs(page, ADMIN);
  const atLeast = await totalOf(page);
  expect(atLeast).toBeGreaterThan(10); // more than one page
  await page.goto('/admin/attendance');
  await expect(page.getByRole('heading', { name: 'Riwayat Absensi' })).toBeVisible();
  const info = page.getByTestId('page-info');
  expect(await expectPageOf(page, 1, 10)).toBeGreaterThanOrEqual(atLeast);
  await expect(page.getByTestId('history-table').locator('tbody tr')).toHaveCount(10);
  // Each page is asked of the server, at the selected size.
  const second = page.waitForRequest((r) => /\/api\/attendance\/all\?(.*&)?page=2&limit=10$/.test(r.url()));
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await second;
  await expectPageOf(page, 2, 10);
  await expect(page.getByRole('button', { name: 'Sebelumnya' })).toBeEnabled();
  // Changing the page size goes back to page 1.
  await page.getByLabel('Jumlah per halaman').selectOption('5');
  await expectPageOf(page, 1, 5);
  await expect(page.getByTestId('history-table').locator('tbody tr')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Sebelumnya' })).toBeDisabled();
  await page.getByRole('button', { name: 'Berikutnya' }).click();

  // One employee: only their row, and applying a filter returns to page 1.
  await pickPerson(page, 'Karyawan', GOOD);
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expect(info).toHaveText('Halaman 1 dari 1');
  const rows = page.getByTestId('history-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(GOOD);
  await expect(rows.first()).toContainText('Hanya Check-in');
  await expect(rows.first()).toContainText(/\d{2}\.\d{2}/);

  // The photo opens from the row.
  await rows
    .first()
    .getByRole('button', { name: `Lihat foto check-in ${GOOD}` })
    .click();
  const photo = page.locator('.swal2-popup').getByRole('img', { name: new RegExp(`^${GOOD} · `) });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Tutup' }).click();
  // The dialog gives the focus back as it goes: only then may the next field take it.
  await expect(page.locator('.swal2-container')).toHaveCount(0);

  // A period without records.
  await page.getByLabel('Dari Tanggal').fill('2020-01-01');
  await page.getByLabel('Sampai Tanggal').fill('2020-01-31');
  await clearPerson(page, 'Karyawan', 'Semua');
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page.getByText('Tidak ada data', { exact: true })).toBeVisible();
  await expect(page.getByText('Tidak ada riwayat absensi untuk periode yang ddipilih', { exact: true })).toBeVisible();

  // Invalid periods load nothing.
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/attendance/all')) requests++;
  });
  await page.getByLabel('Dari Tanggal').fill('2026-03-10');
  await page.getByLabel('Sampai Tanggal').fill('2026-03-01');
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expectToast(page, containing('Tanggal mulai tidak boleh setelah tanggal selesai'));
  await page.getByLabel('Dari Tanggal').fill('2024-01-01');
  await page.getByLabel('Sampai Tanggal').fill('2025-06-30');
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expectToast(page, containing('Rentang waktu maksimal 1 tahun'));
  expect(requests).toBe(0);

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByLabel('Dari Tanggal')).toHaveValue('');
  await expectPageOf(page, 1, 5); // the page size is kept
});

test('the Karyawan filter asks the server for at most 20 matches and works from the keyboard', async ({ page }) => {
  await openAs(page, ADMIN, '/admin/attendance');
  await expect(page.getByTestId('page-info')).toBeVisible();
  const box = page.getByRole('combobox', { name: 'Karyawan' });
  const asked = page.waitForResponse((r) => r.url().includes('/api/users?') && r.url().includes(`search=Tandai+${suffix}`));
  await box.fill(`Tandai ${suffix}`);
  const res = await asked;
  expect(new URL(res.url()).searchParams.get('limit')).toBe('20');
  expect(((await res.json()) as { name: string }[]).map((p) => p.name)).toEqual([FLAGGED]);
  // 'Semua' first, then the one match; ↓ moves to it, Enter picks it.
  await expect(results(page).getByRole('option')).toHaveCount(2);
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Enter');
  await expect(box).toHaveValue(FLAGGED);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Terapkan' }).click();
  const rows = page.getByTestId('history-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Tandai ${suffix}`);
});

test('exports every record of the filters as CSV (not one page), formula cells neutralised and quotes doubled', async ({ page }) => {
  await openAs(page, ADMIN, '/admin/attendance');
  const today = todayJakarta();
  await expect(page.getByTestId('page-info')).toBeVisible();
  // Other specs check people in while this one runs: the export holds every record there was
  // when it was asked for, so at least the count before the click and at most the count after.
  const before = await totalOf(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const after = await totalOf(page);
  expect(download.suggestedFilename()).toBe(`riwayat-absensi-${today}.csv`);
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
  const lines = text.split('\r\n');
  // Indonesian Excel's separator ';' (docs/exports.md).
  expect(lines[0]).toBe(
    '"Tanggal";"Nama Karyawan";"Email";"Posisi";"Check-in";"Check-out";"Status";"Lokasi Check-in";"Lokasi Check-out";"NIK";"Divisi"',
  );
  const rows = lines.length - 1;
  expect(rows).toBeGreaterThanOrEqual(before);
  expect(rows).toBeLessThanOrEqual(after);
  expect(before).toBeGreaterThan(10); // more than the page shown
  const flagged = lines.find((l) => l.includes(`Tandai ${suffix}`))!;
  expect(flagged).toContain(`"'=HYPERLINK(""x"") Tandai ${suffix}"`);
  // After the spec's columns: NIK and Divisi (docs/onboarding.md).
  expect(flagged).toMatch(/"Hanya Check-in";"-6\.\d{4}, 106\.\d{4}";"";"[^"]*";"[^"]*"$/);
});

test('a flagged record is reviewed beside the enrolment photo', async ({ page }) => {
  await signInAs(page, ADMIN);
  // The server's re-check runs in the background: wait for its verdict.
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/attendance/all?faceStatus=flagged')).json()) as { userName: string }[];
        return list.some((r) => r.userName === FLAGGED);
      },
      { timeout: 150_000, intervals: [2000] },
    )
    .toBe(true);
  await page.goto('/admin/attendance?faceStatus=flagged');
  const row = page.getByTestId('history-table').locator('tbody tr').filter({ hasText: FLAGGED });
  await expect(row.getByTestId('face-badge')).toHaveText('Wajah: Ditandai');
  await row.getByRole('button', { name: 'Tinjau' }).click();
  const dialog = page.locator('.swal2-popup');
  await expect(dialog.getByText('Tinjau Absensi')).toBeVisible();
  for (const name of ['Foto check-in', 'Foto pendaftaran wajah']) {
    const img = dialog.getByRole('img', { name });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
  await dialog.getByRole('textbox', { name: 'Catatan tinjauan' }).fill('Wajah berbeda dengan pendaftaran');
  await dialog.getByRole('button', { name: 'Tolak' }).click();
  await expectToast(page, 'Absensi ditolak', { icon: 'success' });
  await expect(row.getByTestId('face-badge')).toHaveText('Wajah: Ditandai · Ditolak');
  await expect(row.getByRole('button', { name: 'Tinjau' })).toHaveCount(0);

  // The 'Verifikasi wajah' filter: verified records carry their badge.
  await page.getByLabel('Verifikasi wajah').selectOption({ label: 'Terverifikasi' });
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page.getByTestId('face-badge').first()).toHaveText('Wajah: Terverifikasi');
});

test('load failures: the records banner is dismissible; the employee search says it failed', async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.route('**/api/attendance/all*', (r) => r.abort());
  await page.route('**/api/users?*', (r) =>
    r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","code":"INTERNAL"}' }),
  );
  await page.goto('/admin/attendance');
  const records = page.getByRole('alert').filter({ hasText: 'Gagal memuat data absensi. Silakan coba lagi.' });
  await expect(records).toBeVisible();
  await records.getByRole('button', { name: 'Tutup pesan' }).click();
  await expect(records).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Karyawan' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Gagal memuat data karyawan. Silakan coba lagi.' })).toBeVisible();
});
