// Liveness end to end in Chromium (docs/face.md, "Liveness"): the face dialog asks for the challenge's
// movements in Indonesian; a still photo as the camera (the fixture played as a video) is recorded under
// the default policy 'flag' and flagged 'liveness'; a camera whose face turns left and right (fixture
// person A warped on a cylinder, e2e/support/moving-camera.ts) answers a two-turn challenge and passes.
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { ADMIN, enrolFaceViaApi, loginUi, registerEmployee } from './fixtures';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from './support/camera';
import { movingCameraLaunchOptions } from './support/moving-camera';
import { watchFaceSuccess } from './support/face-success';

const INSIDE = { latitude: -6.175122, longitude: 106.827153, accuracy: 8 };
const STEP_TEXTS = /Kedipkan mata Anda|Tolehkan kepala ke kiri|Tolehkan kepala ke kanan/;
type Flag = { phase: string; reason: string; detail: { check?: string } };

async function flagsOf(page: Page, employeeId: string): Promise<Flag[]> {
  const admin = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  try {
    const login = await admin.request.post('/api/auth/login', { data: ADMIN });
    expect(login.status()).toBe(200);
    const rows = (await (await admin.request.get(`/api/attendance/all?employee=${employeeId}`)).json()) as { flags: Flag[] }[];
    expect(rows).toHaveLength(1);
    return rows[0]!.flags;
  } finally {
    await admin.close();
  }
}

/**
 * A check-in challenge of the server's that asks for two turns, either order (2 of its 6 kinds). Each one
 * asked is stored, and one person may hold 10 open at once (MAX_OPEN_CHALLENGES); past them the server
 * answers 429 until the oldest expire (60 s), so the test waits and asks again.
 */
async function turnsChallenge(request: APIRequestContext, token: string): Promise<{ steps: string[] }> {
  for (;;) {
    const res = await request.post('/api/attendance/challenge', {
      headers: { Authorization: `Bearer ${token}` },
      data: { action: 'check-in' },
    });
    if (res.status() === 429) {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      continue;
    }
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { steps: string[] };
    if (body.steps.length === 2 && body.steps.every((s) => s.startsWith('toleh'))) return body;
  }
}

async function openDialog(page: Page) {
  await page.goto('/employee/attendance');
  await expect(page.getByTestId('location-status')).toHaveText('Dalam Radius Kantor');
  await page.getByRole('button', { name: 'Check-in dengan Wajah' }).click();
  const dialog = page.getByRole('dialog', { name: /Verifikasi Wajah · Check-in/ });
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  await expect.poll(() => dialog.getByTestId('face-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  return dialog;
}

test.use({
  launchOptions: fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')),
  geolocation: INSIDE,
  permissions: ['geolocation'],
});

test.describe('a still photo as the camera', () => {
  test('is guided through the movements, never answers them, and its check-in is flagged "liveness"', async ({ page, request }) => {
    const emp = await registerEmployee(request, { name: 'Foto Diam' });
    await enrolFaceViaApi(request, emp.token);
    await loginUi(page, emp, /\/employee$/);
    const dialog = await openDialog(page);
    const instruction = dialog.getByTestId('liveness-instruction');
    await expect(instruction).toContainText(/^Langkah 1 dari 2: /, { timeout: 60_000 });
    await expect(instruction).toContainText(STEP_TEXTS);
    await expect(dialog.getByRole('progressbar', { name: 'Kemajuan gerakan' })).toHaveAttribute('aria-valuenow', '0');
    // Several seconds of a face that does not move: still step 1, all along. The claim is about a span of
    // time, so this one wait is a window of observation, not a guess at how long the page needs: every
    // instruction and progress value shown during it is recorded and checked.
    const guide = dialog.getByTestId('liveness-guide');
    await guide.evaluate((el) => {
      const seen: string[] = [];
      const note = () =>
        seen.push(
          `${el.querySelector('[data-testid="liveness-instruction"]')?.textContent} | ${el.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')}`,
        );
      new MutationObserver(note).observe(el, { subtree: true, childList: true, characterData: true, attributes: true });
      (window as unknown as { __stillSeen: string[] }).__stillSeen = seen;
      note();
    });
    await page.waitForTimeout(5_000);
    const seen = await page.evaluate(() => (window as unknown as { __stillSeen: string[] }).__stillSeen);
    for (const line of seen) expect(line).toMatch(/^Langkah 1 dari 2: [\s\S]* \| 0$/);
    await expect(instruction).toContainText(/^Langkah 1 dari 2: /);
    await page.screenshot({ path: test.info().outputPath('liveness-still.png') });
    // The photo can still be taken by hand: the frames so far go with it and the server judges them.
    const sawSuccess = await watchFaceSuccess(page);
    await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
    await page.getByRole('button', { name: 'Ya, Check-in' }).click({ timeout: 60_000 });
    expect(await sawSuccess()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Check-in Berhasil!' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'OK' }).click();
    const liveness = (await flagsOf(page, emp.id)).filter((f) => f.reason === 'liveness');
    expect(liveness).toHaveLength(1);
    expect(liveness[0]).toMatchObject({ phase: 'check_in', detail: { check: 'steps' } });
  });
});

test.describe('a face that turns left and right', () => {
  test('answers a two-turn challenge in the order asked: the photo is taken by itself and nothing is flagged for liveness', async ({
    playwright,
    request,
    baseURL,
  }) => {
    // Its own Chromium: the fake camera is chosen when the browser starts.
    const browser = await playwright.chromium.launch(movingCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')));
    const context = await browser.newContext({ baseURL, geolocation: INSIDE, permissions: ['geolocation'] });
    const page = await context.newPage();
    const emp = await registerEmployee(request, { name: 'Wajah Bergerak' });
    await enrolFaceViaApi(request, emp.token);
    await loginUi(page, emp, /\/employee$/);
    // The clip has no blink, so the page is given a challenge that asks for two turns (either order): a real
    // one the server stored for this employee, asked for over the API just before the dialog opens. Asking
    // from the page's own request instead (nine tries at most: the page waits 10 s for it) failed whenever
    // nine in a row asked for a blink, (2/3)^9 ≈ 2.6 % of runs; here the test asks until one fits.
    let challenge: { steps: string[] } | null = null;
    await page.route('**/api/attendance/challenge', (route) => route.fulfill({ json: challenge }));
    // A challenge is good for 60 s from its issue. On a starved CPU (a loaded 2-core machine, PGlite) the
    // page once read the clip's turns for 87 s, and the server refused the late answer as a person's slow
    // phone would be refused: "Waktu verifikasi habis". The person then starts again, and so does the test,
    // once; any other outcome is a failure (docs/quality.md, "Failures seen on loaded machines").
    const success = page.getByRole('heading', { name: 'Check-in Berhasil!' });
    const expired = page.getByRole('dialog', { name: 'Check-in Gagal' }).filter({ hasText: 'Waktu verifikasi habis' });
    for (let attempt = 1; ; attempt++) {
      challenge = await turnsChallenge(request, emp.token);
      const first = challenge.steps[0] === 'toleh_kiri' ? 'kiri' : 'kanan';
      const dialog = await openDialog(page);
      const sawSuccess = await watchFaceSuccess(page);
      // The dialog opens at the tap and asks for the first movement asked once the challenge has arrived.
      await expect(dialog.getByTestId('liveness-instruction')).toContainText(`Langkah 1 dari 2: Tolehkan kepala ke ${first}`, {
        timeout: 60_000,
      });
      // No button pressed: the answer's last frame, facing the camera again, is the photo.
      await page.getByRole('button', { name: 'Ya, Check-in' }).click({ timeout: 120_000 });
      expect(await sawSuccess()).toBe(true);
      await expect(success.or(expired)).toBeVisible({ timeout: 20_000 });
      if (attempt === 2 || !(await expired.isVisible())) break;
      await expired.getByRole('button', { name: 'OK' }).click();
    }
    await expect(success).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    expect((await flagsOf(page, emp.id)).filter((f) => f.reason === 'liveness')).toEqual([]);
    await browser.close();
  });
});
