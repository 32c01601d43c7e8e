// Face verification end to end in Chromium with a fake camera showing fixture person A:
// enrolment from the live camera, check-in with the same face (accepted, then verified by the
// server's re-check), check-in by someone enrolled with another face (refused), and the admin's
// view and reset of an enrolment.
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, openAs, registerEmployee, employeeListReady, signInAs } from './fixtures';
import { challengeId } from './admin-helpers';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from './support/camera';
import { watchFaceSuccess } from './support/face-success';
import { containing, expectToast, recordPopups } from './support/toasts';

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

const INSIDE = { latitude: -6.175122, longitude: 106.827153, accuracy: 8 };

test.use({
  launchOptions: fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')),
  geolocation: INSIDE,
  permissions: ['geolocation'],
});
// Not serial: each test makes its own employees, so one failing test no longer leaves the ones after it unrun.

async function adminRequest(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
): Promise<APIRequestContext> {
  const ctx = await playwright.request.newContext({ baseURL });
  const res = await ctx.post('/api/auth/login', { data: ADMIN });
  expect(res.status()).toBe(200);
  return ctx;
}

/** Enrols person B (one photo, three times) for the employee: the camera's person A is then someone else. */
async function enrolPersonB(request: APIRequestContext, token: string) {
  const descriptors = JSON.parse(readFileSync(path.join(FACE_FIXTURES, 'descriptors.json'), 'utf8')) as Record<string, number[]>;
  const image = `data:image/jpeg;base64,${readFileSync(path.join(FACE_FIXTURES, 'person-b-1.jpg')).toString('base64')}`;
  const captures = [1, 2, 3].map(() => ({ image, descriptor: descriptors['person-b-1.jpg'] }));
  const res = await request.post('/api/face/enrol', { data: { captures }, headers: { Authorization: `Bearer ${token}` }, timeout: 60_000 });
  expect(res.status(), await res.text()).toBe(201);
}

async function openCheckIn(page: Page) {
  await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
  const dialog = page.getByRole('dialog', { name: /Verifikasi Wajah · Check-in/ });
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  await expect.poll(() => dialog.getByTestId('face-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  const sawSuccess = await watchFaceSuccess(page);
  await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
  const confirm = page.getByRole('button', { name: 'Ya, Check-in' });
  await expect(confirm).toBeVisible({ timeout: 60_000 });
  expect(await sawSuccess()).toBe(true);
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await confirm.click();
}

test('an employee enrols from the live camera, then checks in with the same face; the re-check verifies it', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const emp = await registerEmployee(request, { name: 'Sari Wajah' });
  await openAs(page, emp, '/employee/attendance');
  const prompt = page.getByTestId('enrol-prompt');
  await expect(prompt).toContainText('Wajah Anda belum terdaftar');
  await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');

  await prompt.getByRole('button', { name: 'Daftarkan Wajah' }).click();
  const dialog = page.getByRole('dialog', { name: 'Daftarkan Wajah' });
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  await expect.poll(() => dialog.getByTestId('enrol-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  for (const n of [1, 2, 3]) {
    await expect.poll(() => dialog.getByTestId('enrol-video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    await dialog.getByRole('button', { name: `Ambil Foto ${n}` }).click({ timeout: 60_000 });
    // Either the capture is kept, or the dialog says why not (shown in the failure message).
    await expect(dialog.getByAltText(`Foto wajah ${n}`).or(dialog.getByTestId('enrol-status').locator('.text-red-600'))).toBeVisible({
      timeout: 120_000,
    });
    await expect(dialog.getByAltText(`Foto wajah ${n}`), await dialog.getByTestId('enrol-status').innerText()).toBeVisible();
  }
  await expect(dialog.getByTestId('enrol-status')).toHaveText('Ketiga foto sudah sesuai. Simpan untuk menyelesaikan pendaftaran.');
  await page.screenshot({ path: test.info().outputPath('enrol-review.png') });
  await dialog.getByRole('button', { name: 'Simpan Wajah' }).click();
  await expectToast(page, containing('Wajah berhasil didaftarkan'), { timeout: 60_000 });
  await expect(dialog).toBeHidden();
  await expect(prompt).toBeHidden();
  const me = await (await page.request.get('/api/face/me')).json();
  expect(me).toMatchObject({ status: 'active', enrolled: true, photos: [1, 2, 3], enrolledBy: { id: emp.id } });

  await openCheckIn(page);
  await expect(page.getByRole('heading', { name: 'Check-in Berhasil!' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('attendance-status')).toHaveText('Sudah Check-in');

  // The server's own re-check (background worker in the app) verifies the stored photo.
  const admin = await adminRequest(playwright, baseURL!);
  await expect
    .poll(
      async () => {
        const rows = await (await admin.get(`/api/attendance/all?employee=${emp.id}`)).json();
        return rows[0]?.faceCheckStatus;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('verified');
  await admin.dispose();

  // Akun Saya shows the enrolment and says what is stored and why.
  await page.goto('/employee/account');
  await expect(page.getByTestId('face-enrolment-status')).toContainText('Wajah terdaftar sejak');
  await expect(page.getByTestId('face-privacy')).toContainText('dihapus otomatis setelah 90 hari');
  await expect(page.getByRole('img', { name: 'Foto pendaftaran 1' })).toBeVisible();
  await page.getByTestId('face-enrolment-card').screenshot({ path: test.info().outputPath('account-face-card.png') });
});

test('someone whose enrolled face is a different person is refused at check-in', async ({ page, request }) => {
  const emp = await registerEmployee(request, { name: 'Bima Berbeda' });
  await enrolPersonB(request, emp.token);
  await openAs(page, emp, '/employee/attendance');
  await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
  await expect(page.getByTestId('attendance-status')).toHaveText('Belum Check-in');
  await expect(page.getByTestId('enrol-prompt')).toHaveCount(0);
  await openCheckIn(page);
  await expect(page.getByRole('heading', { name: 'Check-in Gagal' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Verifikasi wajah gagal. Silakan coba lagi.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  const today = await (await page.request.get(`/api/attendance/today/${emp.id}`)).json();
  expect(today.checkIn).toBeNull();
  await expect(page.getByTestId('attendance-status')).toHaveText('Belum Check-in');
});

test('an admin sees the enrolment photos in Kelola Karyawan and resets them; the employee must enrol again', async ({ page, request }) => {
  const emp = await registerEmployee(request, { name: 'Rudi Reset' });
  await enrolPersonB(request, emp.token);
  await openAs(page, ADMIN, '/admin/employees');
  await employeeListReady(page);
  await page.getByPlaceholder('Cari karyawan...').fill(emp.email);
  await page.getByRole('button', { name: 'Wajah Rudi Reset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wajah Terdaftar: Rudi Reset' });
  await expect(dialog.getByTestId('face-admin-status')).toHaveText('Terdaftar');
  for (const n of [1, 2, 3]) {
    const img = dialog.getByRole('img', { name: `Foto pendaftaran ${n} Rudi Reset` });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(400);
  }
  await page.screenshot({ path: test.info().outputPath('admin-face-dialog.png') });
  // The confirmation appears in place: from the moment it shows, its button stays where it is, so an early
  // click lands on it. (sweetalert2's zoom-in moved it under the pointer for 0.3 s, and a click pressed on it
  // and released elsewhere was lost, the dialog left open: docs/quality.md.) The page records the popup's
  // animation when it is shown and the button's box at every frame of the next half second.
  await page.evaluate(() => {
    const seen = { animation: '', boxes: [] as string[], done: false };
    (window as unknown as { confirmSeen?: typeof seen }).confirmSeen = seen;
    new MutationObserver((_, observer) => {
      const popup = document.querySelector('.swal2-popup.swal2-show:not(.swal2-toast)');
      const button = popup?.querySelector('.swal2-confirm');
      if (!popup || !button) return;
      observer.disconnect();
      seen.animation = getComputedStyle(popup).animationName;
      const until = performance.now() + 500;
      const sample = () => {
        const r = button.getBoundingClientRect();
        seen.boxes.push([r.x, r.y, r.width, r.height].map((v) => v.toFixed(1)).join(' '));
        if (performance.now() < until) requestAnimationFrame(sample);
        else seen.done = true;
      };
      sample();
    }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  });
  await dialog.getByRole('button', { name: 'Reset Wajah' }).click();
  const yes = page.getByRole('button', { name: 'Ya, Reset' });
  await expect(yes).toBeVisible();
  type Seen = { animation: string; boxes: string[]; done: boolean };
  await expect.poll(() => page.evaluate(() => (window as unknown as { confirmSeen: Seen }).confirmSeen.done)).toBe(true);
  const seen = await page.evaluate(() => (window as unknown as { confirmSeen: Seen }).confirmSeen);
  expect(seen.animation, "the confirmation popup's animation when shown").toBe('none');
  expect([...new Set(seen.boxes)], `the confirm button's box, frame by frame: ${seen.boxes.join(' | ')}`).toHaveLength(1);
  await yes.click();
  await expectToast(page, containing('Pendaftaran wajah Rudi Reset berhasil direset'));
  await expect(dialog.getByTestId('face-admin-status')).toHaveText('Direset, belum mendaftar ulang');
  await expect(dialog.getByText('Tidak ada foto pendaftaran.')).toBeVisible();

  const status = await (await request.get('/api/face/me', { headers: { Authorization: `Bearer ${emp.token}` } })).json();
  expect(status).toMatchObject({ status: 'reset', enrolled: false });
  const refused = await request.post('/api/attendance/check-in', {
    headers: { Authorization: `Bearer ${emp.token}` },
    data: {
      challengeId: await challengeId(request, emp.token, 'check-in'),
      ...INSIDE,
      timestamp: new Date().toISOString(),
      verificationMethod: 'face',
      faceImage: `data:image/jpeg;base64,${readFileSync(path.join(FACE_FIXTURES, 'person-b-1.jpg')).toString('base64')}`,
      faceDescriptor: new Array(128).fill(0.01),
    },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).code).toBe('FACE_NOT_ENROLLED');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, geolocation: INSIDE, permissions: ['geolocation'] });

  test("a new employee's Absensi page has the prompt to enrol in its first HTML: nothing moves down when the page's data comes", async ({
    page,
    request,
  }) => {
    const emp = await registerEmployee(request, { name: 'Wajah Baru' });
    // The page as the server sends it, before any script: the prompt is already there.
    await signInAs(page, emp);
    const html = await (await page.request.get('/employee/attendance')).text();
    expect(html).toContain('Wajah Anda belum terdaftar');

    // Every layout shift from the start of the page's load, none caused by the test's own input.
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/employee/attendance');
    await expect(page.getByTestId('enrol-prompt')).toBeVisible();
    // Today's record, the office and the position have all come.
    await expect(page.getByRole('heading', { level: 1 }).locator('xpath=following-sibling::p')).toHaveText(/\d{4}/);
    await expect(page.getByTestId('nearest-office')).toBeVisible();
    await expect(page.getByTestId('my-coordinates')).toBeVisible();
    // Lighthouse counts a page's layout shift good below 0.1; the prompt arriving late alone was about 0.2.
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.1);
  });
});
