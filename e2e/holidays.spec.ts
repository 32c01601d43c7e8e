// Kalender Libur in Chromium: the 2026 national calendar in the year view and the list, the cuti
// bersama policy, "Tambah tahun berikutnya" with every date an estimate until confirmed, and a company
// holiday added for today that takes everyone off the dashboard's absent count.
// A holiday today is company-wide: this file runs in the 'company-wide' project, on a server and database
// of its own (playwright.config.ts).
import { test, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { ADMIN, openAs, registerEmployee, signInAs } from './fixtures';
import { todayJakarta } from './admin-helpers';
import { containing, expectToast, recordPopups } from './support/toasts';

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

async function okDialog(page: Page, title: string) {
  const popup = page.locator('.swal2-popup:not(.swal2-toast)');
  await expect(popup).toContainText(title);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toHaveCount(0);
}

/** A routine save's success: a toast (issue 35), read from the page's record of popups. */
async function savedToast(page: Page, title: string) {
  await expectToast(page, title, { icon: 'success' });
}

/**
 * Kalender Libur, loaded by a navigation: the year view comes from the hydrated page's own request, so once
 * a day of it shows, the year picker and the buttons act.
 */
async function holidaysReady(page: Page) {
  await expect(page.locator('[data-testid^="year-day-"]').first()).toBeVisible();
}

async function showYear(page: Page, year: number) {
  await page.getByLabel('Tahun', { exact: true }).selectOption(String(year));
  await expect(page.getByRole('heading', { name: `Tahun ${year}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Daftar Hari Libur ${year}` })).toBeVisible();
}

test('2026: Idul Fitri and the cuti bersama around it in the year view and the list; the cuti bersama policy is saved', async ({
  page,
}) => {
  await openAs(page, ADMIN, '/admin/holidays');
  await expect(page.getByRole('heading', { name: 'Kalender Libur', level: 1 })).toBeVisible();
  await holidaysReady(page);
  await showYear(page, 2026);

  const idulFitri = page.getByTestId('year-day-2026-03-21');
  await expect(idulFitri).toHaveAttribute('data-kind', 'libur_nasional');
  await expect(idulFitri).toHaveAttribute('title', 'Idul Fitri 1447 H');
  for (const d of ['2026-03-20', '2026-03-23', '2026-03-24'])
    await expect(page.getByTestId(`year-day-${d}`)).toHaveAttribute('data-kind', 'cuti_bersama');
  await expect(page.getByTestId('year-day-2026-03-25')).not.toHaveAttribute('data-kind', /./);
  await expect(page.getByTestId('month-3')).toContainText('Maret');

  const rows = page.getByTestId('holiday-row');
  const row = rows.filter({ hasText: 'Sabtu, 21 Maret 2026' });
  await expect(row).toContainText('Idul Fitri 1447 H');
  await expect(row).toContainText('Libur Nasional');
  await expect(row).toContainText('Semua kantor');
  await expect(row).toContainText('SKB 3 Menteri');
  await expect(row).not.toContainText('perkiraan');
  await expect(rows.filter({ hasText: 'Jumat, 20 Maret 2026' })).toContainText('Cuti Bersama');

  // The policy: default 'potong_cuti', saved on change, kept after a reload, then put back.
  const policy = page.getByLabel('Pada hari cuti bersama, karyawan:');
  await expect(policy).toHaveValue('potong_cuti');
  await expect(policy.locator('option')).toHaveText(['Libur, potong cuti tahunan', 'Libur tanpa potong cuti', 'Tetap masuk kerja']);
  await policy.selectOption({ label: 'Tetap masuk kerja' });
  await expectToast(page, containing('Kebijakan cuti bersama berhasil disimpan'));
  await page.reload();
  await expect(policy).toHaveValue('masuk');
  expect((await (await page.request.get('/api/settings')).json()).cutiBersamaPolicy).toBe('masuk');
  await policy.selectOption('potong_cuti');
  await expectToast(page, containing('Kebijakan cuti bersama berhasil disimpan'));
  await expect.poll(async () => (await (await page.request.get('/api/settings')).json()).cutiBersamaPolicy).toBe('potong_cuti');
});

test('"Tambah tahun berikutnya" fills 2027 with estimates; one is confirmed; a second fill of 2027 is refused', async ({ page }) => {
  await openAs(page, ADMIN, '/admin/holidays');
  await holidaysReady(page);
  await showYear(page, 2026);
  await page.getByRole('button', { name: 'Tambah tahun berikutnya' }).click();
  await expect(page.locator('.swal2-popup')).toContainText('Isi kalender 2027 dengan perkiraan libur nasional?');
  await page.locator('.swal2-popup').getByRole('button', { name: 'Ya, Tambahkan' }).click();
  await savedToast(page, 'Berhasil Menambahkan');
  await expect(page.getByRole('heading', { name: 'Tahun 2027' })).toBeVisible();

  const api = (await (await page.request.get('/api/holidays?year=2027')).json()) as {
    id: string;
    date: string;
    name: string;
    confirmed: boolean;
  }[];
  expect(api.length).toBeGreaterThan(10);
  expect(api.every((h) => !h.confirmed)).toBe(true);
  const rows = page.getByTestId('holiday-row');
  await expect(rows).toHaveCount(api.length);
  await expect(rows.filter({ hasText: 'perkiraan' })).toHaveCount(api.length);
  await expect(page.getByRole('note')).toContainText(`${api.length} tanggal masih perkiraan`);
  // New Year's Day is a fixed date: the estimate has it, dashed in the year view.
  const newYear = rows.filter({ hasText: 'Jumat, 1 Januari 2027' });
  await expect(newYear).toHaveCount(1);
  await expect(page.getByTestId('year-day-2027-01-01')).toHaveAttribute('title', /\(perkiraan\)$/);

  const name = api.find((h) => h.date === '2027-01-01')!.name;
  await newYear.getByRole('button', { name: `Konfirmasi ${name}` }).click();
  await page.locator('.swal2-popup').getByRole('button', { name: 'Ya, Konfirmasi' }).click();
  await expect(newYear).not.toContainText('perkiraan');
  await expect(page.getByRole('note')).toContainText(`${api.length - 1} tanggal masih perkiraan`);
  const after = (await (await page.request.get('/api/holidays?year=2027')).json()) as { date: string; confirmed: boolean }[];
  expect(after.filter((h) => h.confirmed).map((h) => h.date)).toEqual(['2027-01-01']);

  // Running it again for 2027 from 2026 is refused: the year already has holidays.
  await showYear(page, 2026);
  await page.getByRole('button', { name: 'Tambah tahun berikutnya' }).click();
  await page.locator('.swal2-popup').getByRole('button', { name: 'Ya, Tambahkan' }).click();
  await okDialog(page, `Kalender libur 2027 sudah berisi ${api.length} hari libur.`);
});

test('a company holiday added for today: nobody is counted absent on the dashboard, and deleting it brings them back', async ({
  page,
  request,
}) => {
  const today = todayJakarta();
  const suffix = randomBytes(3).toString('hex');
  await signInAs(page, ADMIN);
  // Someone surely expected at work today, whatever the weekday: a fresh employee on a seven-day schedule.
  const emp = await registerEmployee(request, { name: `Tujuh Hari ${suffix}` });
  const week = Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: '08:00', end: '17:00' }));
  const made = await page.request.post('/api/schedules', {
    data: { name: `Tujuh Hari ${suffix}`, breakMinutes: 60, lateToleranceMinutes: 15, days: week },
  });
  expect(made.status(), await made.text()).toBe(200);
  const scheduleId = (await made.json()).schedule.id as string;
  const assigned = await page.request.post(`/api/schedules/${scheduleId}/assign`, {
    data: { userIds: [emp.id], startDate: today, endDate: today },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  const overview = page.getByTestId('overview');
  const figures = async () => {
    const d = (await (await page.request.get('/api/dashboard/admin')).json()) as {
      stats: { totalEmployees: number; todayPresent: number; todayAbsent: number };
    };
    return d.stats;
  };
  await page.goto('/admin');
  const before = await figures();
  expect(before.todayAbsent).toBeGreaterThanOrEqual(1);
  await expect(overview).toContainText(`Tidak Hadir${before.todayAbsent}`);

  const holidayName = `Libur Perusahaan Uji ${suffix}`;
  await page.goto('/admin/holidays');
  await holidaysReady(page);
  await page.getByRole('button', { name: 'Tambah Hari Libur' }).click();
  const form = page.getByRole('dialog', { name: 'Tambah Hari Libur' });
  await expect(form.getByLabel('Tanggal', { exact: true })).toHaveValue(today);
  await form.getByLabel('Nama Hari Libur').fill(holidayName);
  await expect(form.getByLabel('Jenis')).toHaveValue('libur_perusahaan');
  await expect(form.getByText('Semua kantor (tidak ada yang dipilih).')).toBeVisible();
  await form.getByRole('button', { name: 'Tambah' }).click();
  await savedToast(page, 'Berhasil Tambah');
  await expect(page.getByTestId(`year-day-${today}`)).toHaveAttribute('data-kind', 'libur_perusahaan');
  const row = page.getByTestId('holiday-row').filter({ hasText: holidayName });
  await expect(row).toContainText('Libur Perusahaan');
  await expect(row).toContainText('Semua kantor');

  try {
    const cal = (await (await page.request.get(`/api/calendar/${emp.id}?startDate=${today}&endDate=${today}`)).json()).days[0];
    expect([cal.status, cal.holidayName]).toEqual(['libur_perusahaan', holidayName]);
    await page.goto('/admin');
    const during = await figures();
    expect(during.todayAbsent).toBe(0);
    expect(during.totalEmployees).toBe(before.totalEmployees);
    await expect(overview).toContainText('Tidak Hadir0');
    await expect(overview).toContainText(`Total${before.totalEmployees}`);
  } finally {
    await page.goto('/admin/holidays');
    await page.getByRole('button', { name: `Hapus ${holidayName}` }).click();
    await page.locator('.swal2-popup').getByRole('button', { name: 'Ya, Hapus' }).click();
    await savedToast(page, 'Berhasil Hapus');
  }
  await expect(page.getByTestId('holiday-row').filter({ hasText: holidayName })).toHaveCount(0);
  await page.goto('/admin');
  const after = await figures();
  expect(after.todayAbsent).toBeGreaterThanOrEqual(1);
  await expect(overview).toContainText(`Tidak Hadir${after.todayAbsent}`);
});
