// Anti-fraud in Chromium (docs/anti-fraud.md): the browser fetches a one-time challenge before the
// capture and the genuine check-in with the fake camera passes; the account's first browser registers
// itself as the device; the same account checking out from a second browser (a new context: its own
// IndexedDB, no device key) is flagged; HR clears the record from Perlu Tinjauan.
import { test, expect, type Page } from '@playwright/test';
import path from 'node:path';
import { HR, enrolFaceViaApi, openAs, registerEmployee } from './fixtures';
import { apiToken, bearer } from './admin-helpers';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from './support/camera';
import { watchFaceSuccess } from './support/face-success';
import { expectToast, recordPopups } from './support/toasts';

// The seeded office is Monas (-6.175392, 106.827153), radius 100 m: 30 m north ± 8 m is inside.
const INSIDE = { latitude: -6.175122, longitude: 106.827153, accuracy: 8 };

test.use({
  launchOptions: fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')),
  geolocation: INSIDE,
  permissions: ['geolocation'],
});

async function punch(page: Page, action: 'Check-in' | 'Check-out') {
  const challenge = page.waitForResponse((r) => r.url().endsWith('/api/attendance/challenge') && r.request().method() === 'POST');
  await page.getByRole('button', { name: `${action} dengan Wajah` }).click();
  const issued = await (await challenge).json();
  expect(issued.steps).toHaveLength(2);
  const dialog = page.getByRole('dialog', { name: new RegExp(`Verifikasi Wajah · ${action}`) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  await expect.poll(() => dialog.getByTestId('face-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  const sawSuccess = await watchFaceSuccess(page);
  await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
  await expect(page.getByRole('button', { name: `Ya, ${action}` })).toBeVisible({ timeout: 120_000 });
  expect(await sawSuccess()).toBe(true);
  const sent = page.waitForRequest((r) => r.url().endsWith(`/api/attendance/${action.toLowerCase()}`) && r.method() === 'POST');
  await page.getByRole('button', { name: `Ya, ${action}` }).click();
  const body = (await sent).postDataJSON();
  expect(body.challengeId).toBe(issued.id);
  await expect(page.getByRole('heading', { name: `${action} Berhasil!` })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'OK' }).click();
  return body as { challengeId: string; deviceId?: string; deviceSignature?: string; [k: string]: unknown };
}

test('a genuine challenge passes; a second browser of the same account is flagged; HR clears the queue', async ({
  page,
  browser,
  request,
}) => {
  const emp = await registerEmployee(request, { name: 'Rina Perangkat' });
  await enrolFaceViaApi(request, emp.token);

  // Phone 1: the first check-in registers this browser and is signed with its key.
  await openAs(page, emp, '/employee/attendance');
  await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
  const checkIn = await punch(page, 'Check-in');
  expect(checkIn.deviceId).toMatch(/^[0-9a-f-]{36}$/);
  expect(checkIn.deviceSignature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
  // The very same request sent again is refused (409) and writes nothing.
  const replay = await request.post('/api/attendance/check-in', { headers: bearer(emp.token), data: checkIn });
  expect(replay.status()).toBe(409);
  const devices = (await (await request.get('/api/devices', { headers: bearer(emp.token) })).json()) as { id: string }[];
  expect(devices.map((d) => d.id)).toEqual([checkIn.deviceId]);
  await page.goto('/employee/account');
  await expect(page.getByTestId('device-status')).toHaveText('Perangkat ini terdaftar untuk absensi Anda.');

  // Phone 2: another browser context (its own IndexedDB: no key) signs into the same account and checks out.
  const other = await browser.newContext({ geolocation: INSIDE, permissions: ['geolocation'] });
  const page2 = await other.newPage();
  await openAs(page2, emp, '/employee/account');
  await expect(page2.getByTestId('device-status')).toContainText('Akun Anda terdaftar di perangkat lain');
  await page2.goto('/employee/attendance');
  await expect(page2.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
  const checkOut = await punch(page2, 'Check-out');
  expect(checkOut.deviceId).toBeUndefined();
  await expect(page2.getByText('Sudah Check-out')).toBeVisible();
  await page2.goto('/employee/history');
  await expect(page2.getByTestId('history-row').first().getByTestId('under-review')).toHaveText('Sedang ditinjau');
  await other.close();

  const hrToken = await apiToken(request, HR);
  const today = await (await request.get(`/api/attendance/today/${emp.id}`, { headers: bearer(emp.token) })).json();
  // The server's re-check of both photos (features/face/server/engine/recheck.ts) may add flags of its
  // own, and a new flag re-opens a decided record: HR decides once it has verified both. (Through the
  // login form HR used to get there after it; signed in through the API, HR can be first.)
  await expect
    .poll(
      async () => {
        const rows = await (await request.get(`/api/attendance/all?employee=${emp.id}`, { headers: bearer(hrToken) })).json();
        return rows[0]?.faceCheckStatus;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('verified');
  const review = await (await request.get(`/api/attendance/${today.id}/review`, { headers: bearer(hrToken) })).json();
  const device = (review.flags as { phase: string; reason: string }[]).filter((f) => f.reason === 'device');
  expect(device.map((f) => f.phase)).toEqual(['check_out']);

  // HR sees every reason in Perlu Tinjauan and confirms once; the record leaves the queue.
  const hrContext = await browser.newContext();
  const hrPage = await hrContext.newPage();
  await recordPopups(hrPage);
  await openAs(hrPage, HR, '/hr/attendance?review=perlu');
  await expect(hrPage.getByLabel('Tinjauan', { exact: true })).toHaveValue('perlu');
  const row = hrPage.getByTestId('history-table').locator('tbody tr').filter({ hasText: 'Rina Perangkat' });
  await expect(row.getByTestId('flag-reasons')).toContainText('Perangkat tidak terdaftar');
  await row.getByRole('button', { name: 'Tinjau' }).click();
  const dialog = hrPage.locator('.swal2-popup');
  await expect(dialog.getByText('Tinjau Absensi')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Alasan tinjauan' })).toContainText(
    'Check-out: Perangkat tidak terdaftar (tanpa perangkat terdaftar)',
  );
  await dialog.getByRole('textbox', { name: 'Catatan tinjauan' }).fill('Ponsel kedua milik karyawan sendiri');
  await dialog.getByRole('button', { name: 'Konfirmasi' }).click();
  await expectToast(hrPage, 'Absensi dikonfirmasi', { icon: 'success' });
  const queue = (await (
    await request.get(`/api/attendance/all?review=perlu&employee=${emp.id}`, { headers: bearer(hrToken) })
  ).json()) as unknown[];
  expect(queue).toEqual([]);
  const after = await (await request.get(`/api/attendance/${today.id}/review`, { headers: bearer(hrToken) })).json();
  await hrContext.close();
  expect(after.history.map((h: { decision: string; note: string }) => [h.decision, h.note])).toEqual([
    ['confirmed', 'Ponsel kedua milik karyawan sendiri'],
  ]);
});
