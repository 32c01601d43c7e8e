import { test, expect, type Page } from '@playwright/test';
import { ADMIN, HR, formReady, openAs, signInAs } from './fixtures';
import { expectToast, recordPopups } from './support/toasts';

const toast = (page: Page, text: string) => expectToast(page, text);

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

async function openSettings(page: Page) {
  await openAs(page, ADMIN, '/admin/settings');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Pengaturan Kantor' })).toHaveAttribute('href', '/admin/settings');
  await expect(page.getByRole('tab', { name: 'Pengaturan Umum' })).toHaveAttribute('aria-selected', 'true');
  // Opened straight from the server: the tabs and fields act once React has hydrated the page, and the
  // save button is enabled from then on.
  await formReady(page.getByRole('button', { name: 'Simpan Pengaturan', exact: true }));
}

/** A save's success is a toast (issue 35): each call takes the next one shown. */
async function expectSaved(page: Page) {
  await expectToast(page, 'Pengaturan berhasil disimpan', { icon: 'success' });
}

// Both tests change the one settings row: run them one after the other.
test.describe.configure({ mode: 'serial' });

test.describe('Pengaturan Kantor', () => {
  test('general settings: validation messages, save, and the preview after a reload', async ({ page }) => {
    await openSettings(page);
    await expect(
      page.getByText('Jam kerja default berlaku untuk karyawan yang tidak memiliki jam kerja sendiri', { exact: false }),
    ).toBeVisible();
    const zone = page.getByLabel('Zona Waktu Kantor', { exact: true });
    await expect(zone).toHaveValue('Asia/Jakarta');
    await expect(zone.locator('option').nth(0)).toHaveText(/^WIB/);
    await expect(zone.locator('option').nth(1)).toHaveText(/^WITA/);
    await expect(zone.locator('option').nth(2)).toHaveText(/^WIT /);

    const company = page.getByLabel('Nama Perusahaan', { exact: true });
    const save = page.getByRole('button', { name: 'Simpan Pengaturan', exact: true });
    await company.fill('   ');
    await save.click();
    await toast(page, 'Nama perusahaan tidak boleh kosong');
    await company.fill('PT Uji Pengaturan');
    await page.getByLabel('Jam Masuk Default', { exact: true }).fill('18:00');
    await page.getByLabel('Jam Pulang Default', { exact: true }).fill('09:00');
    await save.click();
    await toast(page, 'Jam masuk harus lebih awal dari jam pulang');
    await page.getByLabel('Jam Masuk Default', { exact: true }).fill('07:30');
    await page.getByLabel('Jam Pulang Default', { exact: true }).fill('16:30');
    await page.getByLabel('Ambang Kecocokan Wajah', { exact: true }).fill('0.95');
    await save.click();
    await toast(page, 'Ambang kecocokan wajah harus antara 0,3 dan 0,8');
    await page.getByLabel('Ambang Kecocokan Wajah', { exact: true }).fill('0.45');
    await page.getByLabel('Sabtu', { exact: true }).check();
    await save.click();
    await expectSaved(page);
    await expect(page.getByTestId('preview-nama-perusahaan')).toHaveText('PT Uji Pengaturan');

    await page.reload();
    await expect(page.getByTestId('preview-nama-perusahaan')).toHaveText('PT Uji Pengaturan');
    await expect(page.getByTestId('preview-jam-kerja-default')).toHaveText('07:30 - 16:30');
    await expect(page.getByLabel('Sabtu', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Minggu', { exact: true })).not.toBeChecked();
    await expect(page.getByLabel('Ambang Kecocokan Wajah', { exact: true })).toHaveValue('0.45');
  });

  test('office location: map click fills the coordinates, validation, save, preview; current location', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: -7.257472, longitude: 112.75209 });
    await openSettings(page);
    await page.getByRole('tab', { name: 'Lokasi Kantor' }).click();
    const map = page.getByTestId('office-map');
    await expect(map.locator('.leaflet-container')).toBeVisible();
    // Self-hosted marker icon and the radius circle drawn on the seeded office.
    await expect(map.locator('img.leaflet-marker-icon')).toHaveAttribute('src', '/leaflet/marker-icon.png');
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);

    const lat = page.getByLabel('Latitude', { exact: true });
    const lng = page.getByLabel('Longitude', { exact: true });
    const before = [await lat.inputValue(), await lng.inputValue()];
    const box = (await map.locator('.leaflet-container').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.3);
    await expect(lat).not.toHaveValue(before[0]!);
    await expect(lng).not.toHaveValue(before[1]!);
    const picked = [Number(await lat.inputValue()), Number(await lng.inputValue())];
    expect(picked[0]).toBeGreaterThan(Number(before[0]));
    expect(picked[1]).toBeLessThan(Number(before[1]));
    expect(await lat.inputValue()).toMatch(/^-?\d+\.\d{6}$/);

    const save = page.getByRole('button', { name: 'Simpan Lokasi' });
    await page.getByLabel('Radius Absensi (meter)', { exact: true }).fill('5');
    await save.click();
    await toast(page, 'Radius minimal 10 meter');
    await page.getByLabel('Alamat Kantor', { exact: true }).fill('');
    await save.click();
    await toast(page, 'Harap lengkapi semua field lokasi kantor');
    await page.getByLabel('Alamat Kantor', { exact: true }).fill('Jl. Uji Peta No. 7, Jakarta');
    await page.getByLabel('Radius Absensi (meter)', { exact: true }).fill('250');
    await save.click();
    await expectSaved(page);

    await page.reload();
    const preview = page.getByTestId('settings-preview');
    await expect(preview.getByTestId('preview-alamat')).toHaveText('Jl. Uji Peta No. 7, Jakarta');
    await expect(preview.getByTestId('preview-radius')).toHaveText('250 m');
    await expect(preview.getByTestId('preview-koordinat')).toHaveText(`${picked[0]!.toFixed(6)}, ${picked[1]!.toFixed(6)}`);

    await page.getByRole('tab', { name: 'Lokasi Kantor' }).click();
    await page.getByRole('button', { name: 'Gunakan Lokasi Saat Ini' }).click();
    await toast(page, 'Lokasi berhasil didapatkan');
    await expect(lat).toHaveValue('-7.257472');
    await expect(lng).toHaveValue('112.752090');
  });

  test('a denied location request shows the reason; HR cannot open the page', async ({ page, context, browser }) => {
    await context.clearPermissions();
    await openSettings(page);
    await page.getByRole('tab', { name: 'Lokasi Kantor' }).click();
    await page.getByRole('button', { name: 'Gunakan Lokasi Saat Ini' }).click();
    await toast(page, 'Gagal mendapatkan lokasi: Akses lokasi ditolak oleh pengguna');

    const hrContext = await browser.newContext();
    const hr = await hrContext.newPage();
    await signInAs(hr, HR);
    await hr.goto('/admin/settings');
    await expect(hr).toHaveURL(/\/hr$/);
    await hrContext.close();
  });
});
