// The features that need the most from the browser run under the production CSP without a single
// violation: the Leaflet map (tiles, marker icons, inline styles), and the face dialog (camera,
// face-api models from /models, TensorFlow.js in the page).
import { watchCsp } from './support/csp';
import { test, expect } from '@playwright/test';
import path from 'node:path';
import { loginUi, registerEmployee } from './fixtures';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from './support/camera';

test.use({
  launchOptions: fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')),
  geolocation: { latitude: -6.175122, longitude: 106.827153, accuracy: 8 },
  permissions: ['geolocation'],
});

test('the office map and the face camera dialog work under the CSP with no violation', async ({ page, request }) => {
  const violations = await watchCsp(page);
  const emp = await registerEmployee(request, { name: 'Karyawan CSP' });
  await loginUi(page, emp, /\/employee$/);

  await page.goto('/employee/map');
  const map = page.locator('.leaflet-container').first();
  await expect(map).toBeVisible();
  // Marker icons are self-hosted images; they must have loaded (naturalWidth > 0).
  const marker = page.locator('img.leaflet-marker-icon').first();
  await expect(marker).toBeVisible();
  await expect.poll(() => marker.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('map-page-distance')).toBeVisible();

  await page.goto('/employee/attendance');
  await page.getByTestId('enrol-prompt').getByRole('button', { name: 'Daftarkan Wajah' }).click();
  const dialog = page.getByRole('dialog', { name: 'Daftarkan Wajah' });
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  await expect.poll(() => dialog.getByTestId('enrol-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  // The first capture runs face-api in the page: models fetched from /models, TensorFlow.js backend.
  await dialog.getByRole('button', { name: 'Ambil Foto 1' }).click({ timeout: 60_000 });
  await expect(dialog.getByAltText('Foto wajah 1')).toBeVisible({ timeout: 120_000 });

  expect(violations).toEqual([]);
});
