// Check-in and check-out with a fake camera showing one face, a fake position, and the employee's
// history and office map. The browser runs in Los Angeles time: every time shown must be WIB.
import { test, expect, type Page } from '@playwright/test';
import path from 'node:path';
import { BUDI, enrolFaceViaApi, openAs, registerEmployee } from './fixtures';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from './support/camera';
import { watchFaceSuccess } from './support/face-success';
import { containing, expectToast, recordPopups } from './support/toasts';

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

// The seeded office is Monas (-6.175392, 106.827153), radius 100 m.
const INSIDE = { latitude: -6.175122, longitude: 106.827153, accuracy: 8 };
const FAR = { latitude: -6.194929, longitude: 106.823025, accuracy: 8 };

test.use({
  launchOptions: fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')),
  geolocation: INSIDE,
  permissions: ['geolocation'],
  timezoneId: 'America/Los_Angeles',
});

const wib = (iso: string) => new Date(iso).toLocaleTimeString('id-ID', { timeZone: 'Asia/Jakarta', hour: '2-digit', minute: '2-digit' });

async function passFaceDialog(page: Page, action: 'Check-in' | 'Check-out') {
  const dialog = page.getByRole('dialog', { name: new RegExp(`Verifikasi Wajah · ${action}`) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  await expect(dialog.getByTestId('face-video')).toBeVisible();
  await expect.poll(() => dialog.getByTestId('face-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  const sawSuccess = await watchFaceSuccess(page);
  await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
  const confirm = page.getByRole('button', { name: `Ya, ${action}` });
  await expect(confirm).toBeVisible({ timeout: 120_000 });
  expect(await sawSuccess()).toBe(true);
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await confirm.click();
  await expect(page.getByRole('heading', { name: `${action} Berhasil!` })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`Anda berhasil melakukan ${action.toLowerCase()} dengan verifikasi wajah`)).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
}

test.describe('attendance with face capture', () => {
  test('check-in inside the radius shows in Riwayat Hari Ini (WIB times); check-out completes the day', async ({ page, request }) => {
    const emp = await registerEmployee(request, { name: 'Wulan Absensi' });
    // Check-in matches the camera's face (fixture person A) against the enrolled one.
    await enrolFaceViaApi(request, emp.token);
    await openAs(page, emp, '/employee');
    await expect(page.getByTestId('card-today-status')).toContainText('Belum Check-in');
    await page.getByRole('navigation').getByRole('link', { name: 'Absensi', exact: true }).click();
    await expect(page).toHaveURL(/\/employee\/attendance$/);
    await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
    await expect(page.getByTestId('my-coordinates')).toContainText('-6.175122');
    await expect(page.getByTestId('my-coordinates')).toContainText('106.827153');
    await expect(page.getByTestId('map-distance')).toHaveText('Jarak ke kantor: 30 m (radius 100 m)');
    // The map sits last and its code (Leaflet) loads only once it is scrolled into view.
    const mapSection = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Peta Lokasi' }) });
    await expect(mapSection.getByText('Memuat peta...')).toBeVisible();
    await expect(mapSection.locator('.leaflet-container')).toHaveCount(0);
    await mapSection.scrollIntoViewIfNeeded();
    await expect(mapSection.locator('.leaflet-marker-icon')).toHaveCount(2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId('attendance-status')).toHaveText('Belum Check-in');
    await expect(page.getByText('Setiap absensi (check-in dan check-out) memerlukan verifikasi wajah', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
    await passFaceDialog(page, 'Check-in');
    await expect(page.getByTestId('attendance-status')).toHaveText('Sudah Check-in');

    const today = await (await page.request.get(`/api/attendance/today/${emp.id}`)).json();
    expect(today.checkIn.verificationMethod).toBe('face');
    const checkInRow = page.getByTestId('today-check-in');
    await expect(checkInRow).toContainText(wib(today.checkIn.timestamp));
    await expect(checkInRow).toContainText('Koordinat: -6.175122, 106.827153');
    await expect(checkInRow).toContainText('Terverifikasi dengan wajah');
    await expect(page.getByRole('button', { name: 'Check-in dengan Wajah' })).toBeDisabled();

    const photo = await page.request.get(`/api/attendance/${today.id}/photo/check-in`);
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/jpeg');
    expect(photo.headers()['cache-control']).toBe('private, no-store');
    const bytes = await photo.body();
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);

    await page.getByRole('button', { name: 'Check-out dengan Wajah' }).click();
    await passFaceDialog(page, 'Check-out');
    await expect(page.getByText('Sudah Check-out')).toBeVisible();
    const done = await (await page.request.get(`/api/attendance/today/${emp.id}`)).json();
    await expect(page.getByTestId('today-check-out')).toContainText(wib(done.checkOut.timestamp));

    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('card-today-status')).toContainText('Sudah Check-out');
    await expect(page.getByTestId('card-present')).toContainText('1 hari');
    await expect(page.getByTestId('today-activity')).toContainText(wib(done.checkIn.timestamp));
    await expect(page.getByTestId('today-activity')).toContainText('Verifikasi Wajah');
    await expect(page.getByTestId('dashboard-location')).toContainText('Anda berada dalam radius kantor');
  });

  test('outside the radius the warning shows and no face dialog opens', async ({ page, context, request }) => {
    const emp = await registerEmployee(request, { name: 'Jauh Sekali' });
    await context.setGeolocation(FAR);
    await openAs(page, emp, '/employee/attendance');
    await expect(page.getByTestId('location-status')).toHaveText('Di Luar Radius');
    await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
    await expect(page.getByText('Anda berada di luar radius kantor. Tidak dapat melakukan check-in.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: /Verifikasi Wajah/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'OK' }).click();
    // Walking back into the office and refreshing the location makes it inside again.
    await context.setGeolocation(INSIDE);
    await page.getByRole('button', { name: 'Refresh Lokasi' }).click();
    await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
    await expectToast(page, 'Lokasi berhasil didapatkan');
    const today = await (await page.request.get(`/api/attendance/today/${emp.id}`)).json();
    expect(today.checkIn).toBeNull();
  });

  test('history: filter, empty state, reset and CSV download named after the employee', async ({ page }) => {
    await openAs(page, BUDI, '/employee/history');
    const rows = page.getByTestId('history-row');
    await expect(rows.first()).toBeVisible();
    const total = await rows.count();
    expect(total).toBeGreaterThan(5);
    await expect(rows.first().getByText(/Lengkap|Hanya Check-in/)).toBeVisible();
    // The office where the day was punched, by name ('-' for the seed's days, made before offices existed);
    // the coordinates beside it on a wider screen.
    const me = (await (await page.request.get('/api/auth/me')).json()).user as { id: string };
    const [first] = (await (await page.request.get(`/api/attendance/history/${me.id}`)).json()) as { office: { name: string } | null }[];
    await expect(rows.first().getByTestId('history-office')).toHaveText(first?.office?.name ?? '-');
    await expect(rows.first()).toContainText(/Masuk: -6\.17\d{2}, 106\.82\d{2}/);

    await page.getByLabel('Dari Tanggal').fill('2020-01-01');
    await page.getByLabel('Sampai Tanggal').fill('2020-01-31');
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await expect(page.getByText('Tidak ada data', { exact: true })).toBeVisible();
    await expect(page.getByText('Tidak ada riwayat absensi untuk periode yang dipilih')).toBeVisible();

    await page.getByLabel('Dari Tanggal').fill('2020-02-01');
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await expectToast(page, containing('Tanggal mulai tidak boleh setelah tanggal selesai'));

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(rows).toHaveCount(total);

    // A one-week window shows only dates inside it.
    const api = await (await page.request.get('/api/auth/me')).json();
    const all = await (await page.request.get(`/api/attendance/history/${api.user.id}`)).json();
    const newest = all[0].date as string;
    const weekAgo = new Date(Date.parse(`${newest}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Dari Tanggal').fill(weekAgo);
    await page.getByLabel('Sampai Tanggal').fill(newest);
    await page.getByRole('button', { name: 'Terapkan' }).click();
    const expected = all.filter((e: { date: string }) => e.date >= weekAgo && e.date <= newest).length;
    await expect(rows).toHaveCount(expected);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^riwayat-absensi-budi-santoso-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (
      await download.createReadStream().then(async (s) => {
        const chunks: Buffer[] = [];
        for await (const c of s) chunks.push(c as Buffer);
        return Buffer.concat(chunks).toString('utf8');
      })
    ).replace(/^\ufeff/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('"Tanggal";"Check-in";"Check-out";"Status";"Lokasi Check-in";"Lokasi Check-out"');
    expect(lines).toHaveLength(expected + 1);
    expect(lines[1]).toMatch(/^"\w+, \d{1,2} \w+ \d{4}";"\d{2}\.\d{2}";/);
  });

  test('office map: cards, distance in whole metres, legend; on a phone too', async ({ page, request }) => {
    const emp = await registerEmployee(request, { name: 'Peta Karyawan' });
    await openAs(page, emp, '/employee/map');
    await expect(page.getByTestId('office-card')).toContainText('Jl. Medan Merdeka, Gambir, Jakarta Pusat');
    await expect(page.getByTestId('office-card')).toContainText('100 m');
    await expect(page.getByTestId('map-page-distance')).toHaveText('30 m');
    await expect(page.getByTestId('map-status')).toContainText('Dalam Radius Kantor');
    await expect(page.getByTestId('office-map').locator('.leaflet-marker-icon')).toHaveCount(2);
    await expect(page.getByTestId('office-map').locator('path.leaflet-interactive')).toHaveCount(1);
    await expect(page.getByLabel('Legenda')).toContainText('Radius 100 m');
    // A phone shows the same map: the office, the radius and the person.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByTestId('office-map').locator('.leaflet-marker-icon')).toHaveCount(2);
    await expect(page.getByTestId('office-map').locator('path.leaflet-interactive')).toHaveCount(1);
    await expect(page.getByTestId('map-page-distance')).toHaveText('30 m');
  });
});

test.describe('without location permission', () => {
  test.use({ permissions: [] });

  test('check-in asks to retry detecting the location', async ({ page, request }) => {
    const emp = await registerEmployee(request, { name: 'Tanpa Lokasi' });
    await openAs(page, emp, '/employee/attendance');
    await expect(page.getByText(/^Gagal mendapatkan lokasi: /)).toBeVisible();
    await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
    await expect(page.getByRole('heading', { name: 'Lokasi Tidak Tersedia' })).toBeVisible();
    await expect(page.getByText('Lokasi tidak terdeteksi. Apakah Anda ingin mencoba mendapatkan lokasi kembali?')).toBeVisible();
    await page.getByRole('button', { name: 'Batal' }).click();
    await expect(page.getByRole('dialog', { name: /Verifikasi Wajah/ })).toHaveCount(0);
  });
});
