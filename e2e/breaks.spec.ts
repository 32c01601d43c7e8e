// Istirahat on the phone (docs/calendar.md, "Istirahat"): on a schedule that requires the break to be
// punched, Absensi offers Mulai Istirahat after check-in, then Selesai Istirahat, each through the face
// dialog (fake camera showing the enrolled person), and neither once the break is punched.
import { test, expect, type Page } from '@playwright/test';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ADMIN, enrolFaceViaApi, loginUi, registerEmployee } from './fixtures';
import { apiToken, bearer, todayJakarta } from './admin-helpers';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from './support/camera';
import { addDays } from '../lib/dates';

const INSIDE = { latitude: -6.175122, longitude: 106.827153, accuracy: 8 };

test.use({
  launchOptions: fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')),
  geolocation: INSIDE,
  permissions: ['geolocation'],
});

/** The face dialog of `label`, its confirmation, and the answer's heading and text. */
async function punch(page: Page, label: string, heading: string, text: RegExp | string) {
  const dialog = page.getByRole('dialog', { name: new RegExp(`Verifikasi Wajah · ${label}`) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  await expect.poll(() => dialog.getByTestId('face-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
  const confirm = page.getByRole('button', { name: `Ya, ${label}` });
  await expect(confirm).toBeVisible({ timeout: 120_000 });
  await confirm.click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(text)).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
}

test('Mulai Istirahat after check-in, then Selesai Istirahat; neither once the break is punched', async ({ page, request }) => {
  const suffix = randomBytes(3).toString('hex');
  const admin = await apiToken(request, ADMIN);
  // Every day 12:00–11:59 the next day: a shift is running at any hour of the test (no midnight edge).
  const week = Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: '12:00', end: '11:59' }));
  const made = await request.post('/api/schedules', {
    headers: bearer(admin),
    data: { name: `Istirahat ${suffix}`, breakMinutes: 60, breakPunch: true, lateToleranceMinutes: 0, days: week },
  });
  expect(made.status(), await made.text()).toBe(200);
  const emp = await registerEmployee(request, { name: `Istirahat ${suffix}` });
  const assigned = await request.post(`/api/schedules/${(await made.json()).schedule.id}/assign`, {
    headers: bearer(admin),
    data: { userIds: [emp.id], startDate: addDays(todayJakarta(), -1) },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  await enrolFaceViaApi(request, emp.token);

  await loginUi(page, emp, /\/employee$/);
  await page.goto('/employee/attendance');
  await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
  await expect(page.getByTestId('attendance-status')).toHaveText('Belum Check-in');
  // Before check-in there is no break to start.
  await expect(page.getByRole('button', { name: 'Mulai Istirahat' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
  await punch(page, 'Check-in', 'Check-in Berhasil!', 'Anda berhasil melakukan check-in dengan verifikasi wajah');
  await expect(page.getByTestId('attendance-status')).toHaveText('Sudah Check-in');

  await page.getByRole('button', { name: 'Mulai Istirahat' }).click();
  await punch(page, 'Mulai Istirahat', 'Istirahat Dimulai', 'Mulai istirahat berhasil. Batas istirahat 60 menit.');
  await expect(page.getByRole('button', { name: 'Mulai Istirahat' })).toHaveCount(0);
  await expect(page.getByTestId('today-break')).toContainText('belum selesai');

  await page.getByRole('button', { name: 'Selesai Istirahat' }).click();
  await punch(page, 'Selesai Istirahat', 'Istirahat Selesai', /^Selesai istirahat berhasil\. Istirahat \d+ menit\.$/);
  await expect(page.getByRole('button', { name: 'Selesai Istirahat' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mulai Istirahat' })).toHaveCount(0);
  await expect(page.getByTestId('today-break')).toContainText(/^Istirahat \d{2}[.:]\d{2} WIB – \d{2}[.:]\d{2} WIB · \d+ menit$/);
  // Check-out stays offered.
  await expect(page.getByRole('button', { name: 'Check-out dengan Wajah' })).toBeEnabled();
});
