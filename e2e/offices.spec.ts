// Kantor & Cabang end to end: an admin adds a WITA branch with its position clicked on the map, allows an
// employee there in the employee modal; the employee, standing at the branch (fake position) in front of
// a fake camera, checks in there and sees the time in WITA (docs/calendar.md). The browser runs in Los
// Angeles time: every time shown must be the branch's.
import { test, expect, type Page } from '@playwright/test';
import path from 'node:path';
import { ADMIN, enrolFaceViaApi, openAs, registerEmployee } from './fixtures';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from './support/camera';
import { watchFaceSuccess } from './support/face-success';
import { containing, expectToast, recordPopups } from './support/toasts';

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

// Makassar, Pantai Losari: typed first, then the point is moved by a click on the map.
const LOSARI = { latitude: -5.143312, longitude: 119.407658 };

test.use({ launchOptions: fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')), timezoneId: 'America/Los_Angeles' });

const wita = (iso: string) => new Date(iso).toLocaleTimeString('id-ID', { timeZone: 'Asia/Makassar', hour: '2-digit', minute: '2-digit' });

async function passFaceDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: /Verifikasi Wajah · Check-in/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  await expect.poll(() => dialog.getByTestId('face-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  const sawSuccess = await watchFaceSuccess(page);
  await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
  const confirm = page.getByRole('button', { name: 'Ya, Check-in' });
  await expect(confirm).toBeVisible({ timeout: 120_000 });
  expect(await sawSuccess()).toBe(true);
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await confirm.click();
  await expect(page.getByRole('heading', { name: 'Check-in Berhasil!' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'OK' }).click();
}

test('an admin adds a WITA branch on the map and allows an employee there; the employee checks in there and sees WITA times', async ({
  page,
  browser,
  request,
}) => {
  const emp = await registerEmployee(request, { name: 'Andi Cabang' });
  await enrolFaceViaApi(request, emp.token);
  const branch = `Cabang Makassar ${emp.id.slice(0, 6)}`;

  // 1. Kantor & Cabang: add the branch; the click on the map sets the coordinates.
  // The rows come from the hydrated page's own request: once one shows, Tambah Kantor acts.
  await openAs(page, ADMIN, '/admin/offices');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Kantor & Cabang' })).toHaveAttribute('href', '/admin/offices');
  await expect(page.getByRole('heading', { name: 'Kantor & Cabang' })).toBeVisible();
  await expect(page.getByTestId('office-row').filter({ hasText: 'Kantor Utama' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Tambah Kantor' }).click();
  const modal = page.getByRole('dialog', { name: 'Tambah Kantor' });
  await modal.getByLabel('Nama Kantor').fill(branch);
  await modal.getByLabel('Zona Waktu').selectOption('Asia/Makassar');
  await modal.getByLabel('Alamat Kantor').fill('Jl. Penghibur, Makassar');
  await modal.getByLabel('Latitude').fill(String(LOSARI.latitude));
  await modal.getByLabel('Longitude').fill(String(LOSARI.longitude));
  await modal.getByLabel('Radius Absensi (meter)').fill('150');
  const map = modal.getByTestId('office-map').locator('.leaflet-container');
  await expect(modal.getByTestId('office-map').locator('.leaflet-marker-icon')).toHaveCount(1);
  const box = (await map.boundingBox())!;
  // Beside the marker (a click on the marker itself is the marker's): 60 px right and 40 px down of the centre.
  await map.click({ position: { x: box.width / 2 + 60, y: box.height / 2 + 40 } });
  await expect(modal.getByLabel('Latitude')).not.toHaveValue(String(LOSARI.latitude));
  const picked = {
    latitude: Number(await modal.getByLabel('Latitude').inputValue()),
    longitude: Number(await modal.getByLabel('Longitude').inputValue()),
  };
  // South-east of the typed point, by about a hundred metres at this zoom.
  expect(picked.latitude).toBeLessThan(LOSARI.latitude);
  expect(picked.latitude).toBeGreaterThan(LOSARI.latitude - 0.005);
  expect(picked.longitude).toBeGreaterThan(LOSARI.longitude);
  expect(picked.longitude).toBeLessThan(LOSARI.longitude + 0.005);
  await modal.getByRole('button', { name: 'Tambah', exact: true }).click();
  await expectToast(page, containing(`Kantor ${branch} berhasil ditambahkan`));
  await expect(modal).toBeHidden();
  const row = page.getByTestId('office-row').filter({ hasText: branch });
  await expect(row.getByTestId('office-zone')).toHaveText('WITA');
  await expect(row).toContainText('150 m');
  await expect(row).toContainText('0 karyawan');
  await expect(row).toContainText(`${picked.latitude.toFixed(6)}, ${picked.longitude.toFixed(6)}`);

  // 2. Kelola Karyawan: allow the employee at the branch (home office stays the main one).
  await page.getByRole('navigation').getByRole('link', { name: 'Kelola Karyawan' }).click();
  await page.getByPlaceholder('Cari karyawan...').fill(emp.email);
  await page.getByRole('button', { name: `Edit ${emp.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Karyawan' });
  await expect(edit.getByLabel('Kantor Utama')).toBeVisible();
  await edit.getByRole('group', { name: 'Kantor Lain yang Diizinkan' }).getByLabel(`${branch} (WITA)`).check();
  await expect(edit.getByLabel('Jadwal Kerja')).toHaveValue('');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Berhasil Update', { icon: 'success' });
  const users = await (await page.request.get('/api/users')).json();
  const saved = users.find((u: { id: string }) => u.id === emp.id);
  const offices = await (await page.request.get('/api/offices')).json();
  const branchId = offices.find((o: { name: string }) => o.name === branch).id;
  expect(saved).toMatchObject({ homeOfficeId: null, allowedOfficeIds: [branchId] });

  // 3. The employee at the branch: nearest office, inside its radius, check-in dated and shown in WITA.
  const context = await browser.newContext({
    geolocation: { ...picked, accuracy: 8 },
    permissions: ['geolocation'],
    locale: 'id-ID',
    timezoneId: 'America/Los_Angeles',
  });
  const empPage = await context.newPage();
  // The location lines are the hydrated page's own: once they show, the menu acts.
  await openAs(empPage, emp, '/employee');
  await expect(empPage.getByTestId('dashboard-location')).toContainText('Anda berada dalam radius kantor');
  await expect(empPage.getByTestId('dashboard-office')).toHaveText(`Kantor terdekat: ${branch} (WITA)`);
  await empPage.getByRole('navigation').getByRole('link', { name: 'Absensi', exact: true }).click();
  await expect(empPage.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
  await expect(empPage.getByTestId('nearest-office')).toHaveText(`Kantor terdekat: ${branch} (WITA)`);
  await empPage.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
  await passFaceDialog(empPage);
  await expect(empPage.getByTestId('attendance-status')).toHaveText('Sudah Check-in');
  const today = await (await empPage.request.get(`/api/attendance/today/${emp.id}`)).json();
  expect(today).toMatchObject({ timezone: 'Asia/Makassar', office: { id: branchId, name: branch } });
  await expect(empPage.getByTestId('today-check-in')).toContainText(`${wita(today.checkIn.timestamp)} WITA`);

  // Peta Kantor shows both offices (two office markers and the employee), the card the nearest one.
  await empPage.getByRole('navigation').getByRole('link', { name: 'Peta Kantor' }).click();
  await expect(empPage.getByTestId('map-office-name')).toHaveText(`${branch} (WITA)`);
  await expect(empPage.getByTestId('office-map').locator('.leaflet-marker-icon')).toHaveCount(3);

  // 4. The admin's Riwayat Absensi, filtered by the branch: the record, its office and its WITA time.
  await page.getByRole('navigation').getByRole('link', { name: 'Riwayat Absensi' }).click();
  await page.getByTestId('office-filter').selectOption(branchId);
  await page.getByRole('button', { name: 'Terapkan' }).click();
  const table = page.getByTestId('history-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(emp.name);
  await expect(table.getByTestId('record-office')).toHaveText(branch);
  await expect(table).toContainText(`${wita(today.checkIn.timestamp)} WITA`);
  await context.close();
});
