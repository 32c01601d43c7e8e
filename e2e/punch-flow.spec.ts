// The punch flow from the tap (docs/face.md, "From the tap to the photo"): the face dialog opens at the
// tap while the one-time challenge is on its way, a refused challenge closes it with the server's
// reason, on a phone whose face engine is cached the engine starts before the tap, and on a slow phone
// the photo taken during the liveness check is verified.
import { test, expect, type Page } from '@playwright/test';
import path from 'node:path';
import { enrolFaceViaApi, loginUi, openAs, registerEmployee, signInAs } from './fixtures';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from './support/camera';
import { todayJakarta } from './admin-helpers';
import { formatDateLong } from '../lib/dates';

const INSIDE = { latitude: -6.175122, longitude: 106.827153, accuracy: 8 };

test.use({
  launchOptions: fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')),
  geolocation: INSIDE,
  permissions: ['geolocation'],
});

async function openAttendance(page: Page, emp: { email: string; password: string }) {
  await openAs(page, emp, '/employee/attendance');
  await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
}

test('the dialog opens before the challenge has arrived; its movements are asked once it has', async ({ page, request }) => {
  const emp = await registerEmployee(request, { name: 'Tap Cepat' });
  await enrolFaceViaApi(request, emp.token);
  await openAttendance(page, emp);
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/attendance/challenge', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
  const dialog = page.getByRole('dialog', { name: /Verifikasi Wajah · Check-in/ });
  // The challenge is still held: the dialog is already there, and the camera can be started.
  await expect(dialog.getByRole('button', { name: 'Mulai Kamera' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  await expect.poll(() => dialog.getByTestId('face-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  await expect(dialog.getByTestId('liveness-guide')).toHaveCount(0);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/attendance/challenge') && r.status() === 200);
  release();
  await answered;
  await expect(dialog.getByTestId('liveness-instruction')).toContainText(/^Langkah 1 dari 2: /, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Tutup', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test("a refused challenge closes the dialog and shows the server's reason; nothing is recorded", async ({ page, request }) => {
  const emp = await registerEmployee(request, { name: 'Tantangan Ditolak' });
  await enrolFaceViaApi(request, emp.token);
  await openAttendance(page, emp);
  const reason = 'Terlalu banyak permintaan verifikasi. Tunggu satu menit lalu coba lagi.';
  await page.route('**/api/attendance/challenge', (route) => route.fulfill({ status: 429, json: { error: reason, code: 'RATE_LIMITED' } }));
  await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
  await expect(page.getByRole('heading', { name: 'Check-in Gagal' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByRole('dialog', { name: /Verifikasi Wajah · Check-in/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('attendance-status')).toHaveText('Belum Check-in');
  // The button works again once the refusal is shown.
  await expect(page.getByRole('button', { name: 'Check-in dengan Wajah' })).toBeEnabled();
});

test('the check-in button waits for the office list: before it has answered, no office is not "not set"', async ({ page, request }) => {
  const emp = await registerEmployee(request, { name: 'Kantor Lambat' });
  await signInAs(page, emp);
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  // Answered by the server at once, delivered once released: the client gives up on a request after 10 s.
  await page.route('**/api/offices', async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  const listed = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/offices');
  await page.goto('/employee/attendance');
  await listed;
  // Today has loaded (its date is the page's subtitle; 'Belum Check-in' shows before) and the position
  // is known; the office list is held.
  await expect(page.getByText(formatDateLong(todayJakarta()), { exact: true })).toBeVisible();
  await expect(page.getByTestId('attendance-status')).toHaveText('Belum Check-in');
  await expect(page.getByTestId('my-coordinates')).toBeVisible();
  const checkIn = page.getByRole('button', { name: 'Check-in dengan Wajah' });
  await expect(checkIn).toBeDisabled();
  await expect(page.getByText('Lokasi kantor belum diatur')).toHaveCount(0);
  release();
  await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
  await expect(checkIn).toBeEnabled();
  await expect(page.getByText('Lokasi kantor belum diatur')).toHaveCount(0);
});

test('with the face engine cached, the page starts it before the tap', async ({ page, request }) => {
  const emp = await registerEmployee(request, { name: 'Mesin Siap' });
  await enrolFaceViaApi(request, emp.token);
  // The login starts the prefetch of the engine's files (features/face/components/prefetch.ts) into the cache.
  await loginUi(page, emp, /\/employee$/);
  const cachedFiles = () =>
    page.evaluate(async () => {
      const cache = await caches.open('absensi-models');
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
  // Headless Chromium renders WebGL in software, so the engine needs its WebAssembly binary too.
  const needed = [/\/face-api\./, /\/tfjs-backend-wasm/, /\/tiny_face_detector\./, /\/face_landmark_68_tiny\./, /\/face_recognition\./];
  const cachedNeeded = async () => {
    const files = await cachedFiles();
    return needed.filter((n) => files.some((f) => n.test(f))).length;
  };
  await expect.poll(cachedNeeded, { timeout: 90_000 }).toBe(needed.length);
  // A fresh page load: nothing has started the engine yet; the page does, without any tap.
  await page.goto('/employee/attendance');
  await expect(page.getByTestId('attendance-status')).toHaveText('Belum Check-in');
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('face:models').length), { timeout: 60_000 }).toBe(1);
  // The tap then finds the engine ready: the dialog does not say "Menyiapkan verifikasi wajah…".
  await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
  const dialog = page.getByRole('dialog', { name: /Verifikasi Wajah · Check-in/ });
  await expect(dialog.getByRole('button', { name: 'Mulai Kamera' })).toBeVisible();
  await expect(dialog.getByTestId('face-preparing')).toHaveCount(0);
});

test('the face worker and the page compute the same face from the same picture', async ({ page, request }) => {
  // Where the engine runs (features/face/components/face-engine.ts) must not change what it finds: the
  // camera shows one still picture, so both photos are the same pixels and must give the same descriptor.
  // The engines started by the document that takes the photo: the dashboard before it may start its own
  // (useFaceWarmUp, once the engine's files are cached), whether it is ready before the page is left
  // depends on the machine's speed, so only the attendance page's are counted.
  let engines: string[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('[face] engine ready:')) engines.push(m.text().slice('[face] engine ready: '.length));
  });
  const used: string[][] = [];
  const sent: { faceImage: string; faceDescriptor: number[] }[] = [];
  for (const engine of ['worker', 'page'] as const) {
    const emp = await registerEmployee(request, { name: `Mesin ${engine}` });
    await enrolFaceViaApi(request, emp.token);
    await page.context().clearCookies();
    // The switch for browsers without OffscreenCanvas (features/face/components/engine-support.ts).
    if (engine === 'page') await page.addInitScript(() => localStorage.setItem('absensi:face-engine', 'page'));
    await signInAs(page, emp);
    await page.goto('/employee/attendance');
    // The previous document's messages came before this one's load.
    engines = [];
    await expect(page.getByTestId('attendance-status')).toHaveText('Belum Check-in');
    // The tap needs the position and the office (the button waits for the office list itself).
    await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
    await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
    const dialog = page.getByRole('dialog', { name: /Verifikasi Wajah · Check-in/ });
    await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
    await expect.poll(() => dialog.getByTestId('face-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
    const punch = page.waitForRequest((r) => r.url().endsWith('/api/attendance/check-in') && r.method() === 'POST', { timeout: 120_000 });
    await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
    const confirm = page.getByRole('button', { name: 'Ya, Check-in' });
    await expect(confirm).toBeVisible({ timeout: 120_000 });
    await confirm.click();
    sent.push((await punch).postDataJSON());
    await expect(page.getByRole('heading', { name: 'Check-in Berhasil!' })).toBeVisible({ timeout: 30_000 });
    const today = await (await page.request.get(`/api/attendance/today/${emp.id}`)).json();
    expect(today.checkIn).not.toBeNull();
    used.push(engines);
  }
  // Headless Chromium renders WebGL in software: WebAssembly in both places.
  expect(used).toEqual([['worker wasm'], ['page wasm']]);
  const [inWorker, inPage] = sent as [(typeof sent)[number], (typeof sent)[number]];
  expect(inWorker.faceImage).toBe(inPage.faceImage);
  expect(inWorker.faceDescriptor).toHaveLength(128);
  expect(inPage.faceDescriptor).toEqual(inWorker.faceDescriptor);
});

test('on a slow phone the photo taken while the liveness check runs is still verified', async ({ page, request }) => {
  // The face worker answers as a CPU 4× slower would (the bench's switch, features/face/components/
  // engine-support.ts): "Ambil Foto" then lands while a liveness frame is under way in the worker, and the
  // loop's stop must not take the photo's scan with it (it used to: "Verifikasi wajah gagal").
  await page.addInitScript(() => localStorage.setItem('absensi:face-engine:slowdown', '4'));
  const emp = await registerEmployee(request, { name: 'Ponsel Lambat' });
  await enrolFaceViaApi(request, emp.token);
  const said: string[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('[face] worker')) said.push(m.text());
  });
  // Through the login form, which starts the prefetch of the engine's files: the page's warm-up below
  // waits for it (a session signed in through the API would start it only 10 s after a page load).
  await loginUi(page, emp, /\/employee$/);
  await page.goto('/employee/attendance');
  await expect(page.getByTestId('attendance-status')).toHaveText('Belum Check-in');
  await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
  // The engine running before the tap: the photo's scan goes to it at once.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('face:models').length), { timeout: 120_000 }).toBe(1);
  await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
  const dialog = page.getByRole('dialog', { name: /Verifikasi Wajah · Check-in/ });
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  // The liveness loop has asked the worker about a frame (its movements are shown once one is answered
  // or under way): the photo comes in the middle of it.
  await expect.poll(() => dialog.getByTestId('face-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
  const confirm = page.getByRole('button', { name: 'Ya, Check-in' });
  const failed = dialog.getByText('Verifikasi wajah gagal. Silakan coba lagi.');
  // One or the other comes: the confirmation (the photo verified) or the failure (its scan dropped).
  await expect(confirm.or(failed)).toBeVisible({ timeout: 120_000 });
  await expect(failed).toHaveCount(0);
  await expect(confirm).toBeVisible();
  await expect.poll(() => said.at(-1)).toMatch(/^\[face\] worker \w+ 1 face\(s\)/);
  await confirm.click();
  await expect(page.getByRole('heading', { name: 'Check-in Berhasil!' })).toBeVisible({ timeout: 30_000 });
});
