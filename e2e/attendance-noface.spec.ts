// The fake camera shows a picture without a face: verification fails, redo releases the camera,
// and nothing is recorded.
import { test, expect } from '@playwright/test';
import path from 'node:path';
import { loginUi, registerEmployee } from './fixtures';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from './support/camera';

test.use({
  launchOptions: fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'no-face.jpg')),
  geolocation: { latitude: -6.175122, longitude: 106.827153, accuracy: 8 },
  permissions: ['geolocation'],
});

test('a camera without a face fails verification; redo and retry work; nothing is recorded', async ({ page, request }) => {
  const emp = await registerEmployee(request, { name: 'Tanpa Wajah' });
  await loginUi(page, emp, /\/employee$/);
  await page.goto('/employee/attendance');
  await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
  await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
  const dialog = page.getByRole('dialog', { name: /Verifikasi Wajah · Check-in/ });
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  const video = dialog.getByTestId('face-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
  await expect(dialog.getByText('Verifikasi wajah gagal. Silakan coba lagi.')).toBeVisible({ timeout: 120_000 });

  // Retry returns to capturing with the camera on.
  await dialog.getByRole('button', { name: 'Coba Lagi' }).click();
  await expect(dialog.getByRole('button', { name: 'Ambil Foto' })).toBeVisible();
  await expect(video).toBeVisible();
  await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
  await expect(dialog.getByText('Verifikasi wajah gagal. Silakan coba lagi.')).toBeVisible({ timeout: 120_000 });

  // Redo returns to idle and releases the camera.
  await dialog.getByRole('button', { name: 'Ulangi' }).click();
  await expect(dialog.getByRole('button', { name: 'Mulai Kamera' })).toBeVisible();
  await expect(dialog.getByTestId('face-video')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Tutup', exact: true }).click();
  await expect(dialog).toBeHidden();

  const today = await (await page.request.get(`/api/attendance/today/${emp.id}`)).json();
  expect(today.checkIn).toBeNull();
  await expect(page.getByTestId('attendance-status')).toHaveText('Belum Check-in');
});
