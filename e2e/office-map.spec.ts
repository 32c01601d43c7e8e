// Peta Kantor's Refresh and Coba Lagi: the toast 'Lokasi berhasil didapatkan' (2 s) when the position
// is found, the map screen's error text when it is not (hooks/useGeolocation.ts).
import { test, expect, type Page } from '@playwright/test';
import { loginUi, registerEmployee } from './fixtures';

const INSIDE = { latitude: -6.175122, longitude: 106.827153, accuracy: 8 };
const toast = (page: Page, text: string) => page.locator('.swal2-toast').getByText(text, { exact: true });

async function openMap(page: Page, request: Parameters<typeof registerEmployee>[0]) {
  const emp = await registerEmployee(request, { name: 'Peta Segar' });
  await loginUi(page, emp, /\/employee$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Peta Kantor' }).click();
  await expect(page).toHaveURL(/\/employee\/map$/);
}

test.describe('with location permission', () => {
  test.use({ geolocation: INSIDE, permissions: ['geolocation'] });

  test('Refresh: success toast for 2 s', async ({ page, request }) => {
    await openMap(page, request);
    await expect(page.getByTestId('map-page-distance')).toHaveText('30 meter');
    // Opening the page is not a refresh: no toast.
    await expect(page.locator('.swal2-toast')).toHaveCount(0);
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(toast(page, 'Lokasi berhasil didapatkan')).toBeVisible();
    await expect(page.locator('.swal2-toast.swal2-icon-success')).toBeVisible();
    await expect(page.getByTestId('map-page-distance')).toHaveText('30 meter');
    await expect(toast(page, 'Lokasi berhasil didapatkan')).toBeHidden({ timeout: 5_000 });
    const shown = Date.now() - clicked;
    expect(shown).toBeGreaterThanOrEqual(2_000);
    expect(shown).toBeLessThan(4_500);
  });
});

test.describe('without location permission', () => {
  test.use({ permissions: [] });

  test("Coba Lagi: the map screen's error toast while refused; the success toast once allowed", async ({ page, request, context }) => {
    await openMap(page, request);
    const banner = page.getByRole('alert').filter({ hasText: 'Gagal mendapatkan lokasi Anda' });
    await expect(banner).toContainText('Gagal mendapatkan lokasi Anda: Izin lokasi ditolak');
    await expect(page.locator('.swal2-toast')).toHaveCount(0);

    await banner.getByRole('button', { name: 'Coba Lagi' }).click();
    await expect(toast(page, 'Gagal mendapatkan lokasi Anda: Izin lokasi ditolak')).toBeVisible();
    await expect(page.locator('.swal2-toast.swal2-icon-error')).toBeVisible();
    await expect(toast(page, 'Gagal mendapatkan lokasi Anda: Izin lokasi ditolak')).toBeHidden({ timeout: 6_000 });

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(INSIDE);
    await banner.getByRole('button', { name: 'Coba Lagi' }).click();
    await expect(toast(page, 'Lokasi berhasil didapatkan')).toBeVisible();
    await expect(page.locator('.swal2-toast.swal2-icon-success')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId('map-page-distance')).toHaveText('30 meter');
  });
});
