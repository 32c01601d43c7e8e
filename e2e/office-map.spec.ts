// Peta Kantor's Refresh and Coba Lagi: the toast 'Lokasi berhasil didapatkan' (2 s) when the position
// is found, the map screen's error text when it is not (hooks/useGeolocation.ts). The toasts are read
// from the page's record of popups (e2e/support/toasts.ts), started before each click.
import { test, expect, type Page } from '@playwright/test';
import { loginUi, registerEmployee } from './fixtures';
import { recordPopups } from './support/toasts';

const INSIDE = { latitude: -6.175122, longitude: 106.827153, accuracy: 8 };
const FOUND = 'Lokasi berhasil didapatkan';
const REFUSED = 'Gagal mendapatkan lokasi Anda: Izin lokasi ditolak';

async function openMap(page: Page, request: Parameters<typeof registerEmployee>[0]) {
  const emp = await registerEmployee(request, { name: 'Peta Segar' });
  const popups = await recordPopups(page);
  await loginUi(page, emp, /\/employee$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Peta Kantor' }).click();
  await expect(page).toHaveURL(/\/employee\/map$/);
  return popups;
}

test.describe('with location permission', () => {
  test.use({ geolocation: INSIDE, permissions: ['geolocation'] });

  test('Refresh: success toast for 2 s', async ({ page, request }) => {
    const popups = await openMap(page, request);
    await expect(page.getByTestId('map-page-distance')).toHaveText('30 m');
    // Opening the page is not a refresh: no toast.
    expect(popups.find(FOUND)).toEqual([]);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const shown = await popups.toast(FOUND, { icon: 'success' });
    await expect(page.getByTestId('map-page-distance')).toHaveText('30 m');
    // Two seconds on sweetalert2's timer, and it goes by itself (page clock: the test's own polling
    // on a busy machine does not stretch it).
    const gone = await popups.gone(FOUND);
    expect(await popups.timerMs(shown)).toBe(2_000);
    expect(gone.goneAt! - gone.shownAt).toBeGreaterThanOrEqual(1_900);
    expect(popups.find(FOUND)).toHaveLength(1);
  });
});

test.describe('without location permission', () => {
  test.use({ permissions: [] });

  test("Coba Lagi: the map screen's error toast while refused; the success toast once allowed", async ({ page, request, context }) => {
    const popups = await openMap(page, request);
    // The map screen's banner, not the toast: a toast on its way out (sweetalert2's hide animation)
    // is still a role="alert" with the same words for a moment after the record counts it gone.
    const banner = page.locator('[role="alert"]:not(.swal2-popup)').filter({ hasText: 'Gagal mendapatkan lokasi Anda' });
    await expect(banner).toContainText(REFUSED);
    // The refusal on opening shows in the banner only.
    expect(popups.find(REFUSED)).toEqual([]);

    await banner.getByRole('button', { name: 'Coba Lagi' }).click();
    const refused = await popups.toast(REFUSED, { icon: 'error' });
    expect(await popups.timerMs(refused)).toBe(3_000);
    await popups.gone(REFUSED);
    await expect(banner).toContainText(REFUSED);

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(INSIDE);
    await banner.getByRole('button', { name: 'Coba Lagi' }).click();
    await popups.toast(FOUND, { icon: 'success' });
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId('map-page-distance')).toHaveText('30 m');
  });
});
