// Tutup Harian in Chromium (docs/daily-close.md, "The Tutup Harian page"): HR opens the page from the
// menu, finds a day of an office that the daily close never reached (older than the catch-up window of
// 62 days, so the worker leaves it open), runs it, and sees it closed with its count: the one employee
// of that office was expected at work and has no record, so "Tidak Hadir: 1". Then a range of two days,
// with the progress shown while the first day is being closed, and a catch-up window the form refuses.
// The office and its employee are this spec's own, so the closes touch nobody else's day.
import { test, expect } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { HR, ADMIN, loginUi, registerEmployee } from './fixtures';
import { apiToken, bearer, todayJakarta } from './admin-helpers';
import { expectToast, recordPopups } from './support/toasts';
import { addDays, formatDateLong, isoWeekday } from '../lib/dates';

const PLACE = { latitude: 3.595196, longitude: 98.672226 }; // Medan: no other office is near

/** A Tuesday to Friday 75 days back or earlier (so the day before is a working day of the same month). */
function targetDay(): string {
  let d = addDays(todayJakarta(), -75);
  while (isoWeekday(d) < 2 || isoWeekday(d) > 5 || d.endsWith('-01')) d = addDays(d, -1);
  return d;
}

test('HR opens Tutup Harian, sees a day open, runs it and sees it closed with its counts; a range shows its progress', async ({
  page,
  request,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const day = targetDay();
  const before = addDays(day, -1);
  const admin = await apiToken(request, ADMIN);
  const office = await request.post('/api/offices', {
    headers: bearer(admin),
    data: { name: `Kantor Tutup Harian ${suffix}`, address: 'Jl. Uji Tutup Harian', ...PLACE, radius: 200, timezone: 'Asia/Jakarta' },
  });
  expect(office.status(), await office.text()).toBeLessThan(300);
  const officeId = (await office.json()).office.id as string;
  const officeName = `Kantor Tutup Harian ${suffix}`;
  const emp = await registerEmployee(request, { name: `Rina Tutup ${suffix}` });
  const edit = await request.put(`/api/users/${emp.id}`, {
    headers: bearer(admin),
    data: {
      name: emp.name,
      email: emp.email,
      position: emp.position,
      role: 'employee',
      homeOfficeId: officeId,
      joinDate: addDays(day, -20),
    },
  });
  expect(edit.status(), await edit.text()).toBe(200);

  await recordPopups(page);
  await loginUi(page, HR, /\/hr$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Tutup Harian' }).click();
  await expect(page).toHaveURL(/\/hr\/daily-close$/);
  await expect(page.getByRole('heading', { name: 'Tutup Harian', level: 1 })).toBeVisible();
  await page.getByLabel('Bulan').fill(day.slice(0, 7));
  await page.getByLabel('Kantor', { exact: true }).selectOption(officeId);
  const section = page.getByTestId(`close-office-${officeId}`);
  await expect(section.getByRole('heading', { name: officeName })).toBeVisible();

  // The day is open: nothing counted yet.
  const row = section.getByTestId(`close-day-${day}`);
  await expect(row).toContainText('Belum ditutup');
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');

  // HR runs it.
  await row.getByRole('button', { name: `Jalankan ${formatDateLong(day)}` }).click();
  await expect(page.getByRole('heading', { name: 'Jalankan Tutup Harian?' })).toBeVisible();
  await page.getByRole('button', { name: 'Ya, Jalankan' }).click();
  await expectToast(page, `Tutup harian ${formatDateLong(day)} selesai (1 hari)`, { icon: 'success' });
  await expect(row).toContainText('Ditutup');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByTestId('count-alpa')).toHaveText('Tidak Hadir: 1');
  await expect(row.getByRole('button', { name: `Jalankan ulang ${formatDateLong(day)}` })).toBeVisible();

  // A range of two days: the first day's request is held until the progress has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route('**/api/daily-close/run', async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });
  const form = page.getByRole('form', { name: 'Jalankan tutup harian untuk rentang tanggal' });
  await form.getByLabel('Dari Tanggal').fill(before);
  await form.getByLabel('Sampai Tanggal').fill(day);
  await form.getByRole('button', { name: 'Jalankan Rentang' }).click();
  await page.getByRole('button', { name: 'Ya, Jalankan' }).click();
  const progress = page.getByTestId('close-progress');
  await expect(progress).toContainText(`Memproses 1 dari 2 hari · ${formatDateLong(before)}`);
  await expect(progress.getByRole('progressbar', { name: 'Progres tutup harian' })).toHaveAttribute('aria-valuenow', '0');
  release();
  await expectToast(page, `Tutup harian ${formatDateLong(before)} s.d. ${formatDateLong(day)} selesai (2 hari)`, { icon: 'success' });
  await expect(progress).toHaveCount(0);
  const beforeRow = section.getByTestId(`close-day-${before}`);
  await expect(beforeRow).toContainText('Ditutup');
  await expect(beforeRow.getByTestId('count-alpa')).toHaveText('Tidak Hadir: 1');
  await expect(row.getByTestId('count-alpa')).toHaveText('Tidak Hadir: 1');
  await page.unroute('**/api/daily-close/run');

  // The catch-up window is checked before anything is sent.
  const settings = page.getByRole('form', { name: 'Pengaturan tutup harian' });
  await expect(settings.getByLabel('Jam Tutup Harian')).toHaveValue('02:00');
  await settings.getByLabel('Jendela Tutup Susulan (hari)').fill('0');
  await settings.getByRole('button', { name: 'Simpan Pengaturan' }).click();
  await expect(settings.getByRole('alert')).toHaveText('Jendela tutup susulan harus bilangan bulat antara 1 dan 120 hari');
  await expect(settings.getByLabel('Jendela Tutup Susulan (hari)')).toHaveAttribute('aria-invalid', 'true');
});
