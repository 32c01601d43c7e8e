// The kiosk end to end in Chromium (docs/kiosk.md): the admin creates a kiosk on Kiosk Absensi and reads
// its one-time pairing code; a tablet (its own browser context, no session) opens /kiosk, pairs with the
// code and sees its office; the camera shows fixture person A, enrolled for one employee of an office of
// this spec only (so the 1:N gallery holds exactly that person); the kiosk names them, "Bukan saya" is
// answered once (counted on the admin's list), then "Ya, ini saya", the phone's face dialog, and the
// punch is recorded, named after the kiosk, and in the admin's Riwayat Absensi. The tablet's credential
// opens only the kiosk's routes.
import { test, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ADMIN, enrolFaceViaApi, loginUi, registerEmployee } from './fixtures';
import { apiToken, bearer, getJson } from './admin-helpers';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from './support/camera';

const PLACE = { latitude: -8.650979, longitude: 115.219117 }; // Denpasar: no other spec's office is near

test.use({ launchOptions: fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')) });

/** Records every text the kiosk's short-lived result line shows (1.5 s), from before the action on. */
async function watchKioskMessages(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __kioskMessages: string[] };
    w.__kioskMessages = [];
    const look = () => {
      const text = document.querySelector('[data-testid="kiosk-message"]')?.textContent;
      if (text && w.__kioskMessages.at(-1) !== text) w.__kioskMessages.push(text);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __kioskMessages: string[] }).__kioskMessages);
}

test('a kiosk is paired, identifies an enrolled employee, counts "Bukan saya", records the punch; its credential opens nothing else', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const admin = await apiToken(request, ADMIN);
  const office = await request.post('/api/offices', {
    headers: bearer(admin),
    data: { name: `Kantor Kiosk ${suffix}`, address: 'Jl. Uji Kiosk', ...PLACE, radius: 150, timezone: 'Asia/Makassar' },
  });
  expect(office.status(), await office.text()).toBeLessThan(300);
  const officeId = (await office.json()).office.id as string;
  const officeName = `Kantor Kiosk ${suffix}`;
  const emp = await registerEmployee(request, { name: `Wayan Kiosk ${suffix}` });
  const edit = await request.put(`/api/users/${emp.id}`, {
    headers: bearer(admin),
    data: { name: emp.name, email: emp.email, position: emp.position, role: 'employee', homeOfficeId: officeId },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  await enrolFaceViaApi(request, emp.token);

  // The admin adds the kiosk and reads the pairing code (shown once).
  await loginUi(page, ADMIN, /\/admin/);
  await page.goto('/admin/kiosks');
  await page.getByRole('button', { name: 'Tambah Kiosk' }).click();
  const form = page.getByRole('dialog', { name: 'Tambah Kiosk' });
  await form.getByLabel('Nama kiosk').fill(`Tablet Lobi ${suffix}`);
  await form.getByLabel('Kantor').selectOption({ label: officeName });
  await form.getByRole('button', { name: 'Buat Kode Pemasangan' }).click();
  const code = (await page.getByTestId('pairing-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await page.getByRole('button', { name: 'Selesai' }).click();
  const row = page.getByTestId('kiosk-row').filter({ hasText: `Tablet Lobi ${suffix}` });
  await expect(row).toContainText('Menunggu pemasangan');

  // The tablet: no session, its own storage.
  const tablet = await browser.newContext({ baseURL });
  const kiosk = await tablet.newPage();
  await kiosk.goto('/kiosk');
  await kiosk.getByLabel('Kode pemasangan').fill(code);
  await kiosk.getByRole('button', { name: 'Pasangkan' }).click();
  await expect(kiosk.getByText(officeName)).toBeVisible();
  await expect(kiosk.getByTestId('kiosk-clock')).toBeVisible();
  const messages = await watchKioskMessages(kiosk);

  // Identified among the office's enrolled employees (the face engine loads first: up to minutes here).
  const confirm = kiosk.getByTestId('kiosk-confirm');
  await expect(confirm.getByTestId('kiosk-name')).toHaveText(emp.name, { timeout: 180_000 });
  await expect(confirm).toContainText('Absen masuk (check-in)');
  const notMe = kiosk.waitForResponse((r) => r.url().endsWith('/api/kiosk/not-me') && r.request().method() === 'POST');
  await confirm.getByRole('button', { name: 'Bukan saya' }).click();
  expect((await notMe).status()).toBe(200);

  // The next scan names them again: this time it is them.
  await expect(confirm.getByTestId('kiosk-name')).toHaveText(emp.name, { timeout: 120_000 });
  await confirm.getByRole('button', { name: 'Ya, ini saya' }).click();
  const dialog = kiosk.getByRole('dialog', { name: `Verifikasi wajah: ${emp.name}` });
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  await expect(dialog.getByTestId('liveness-instruction')).toContainText(/^Langkah 1 dari 2: /, { timeout: 60_000 });
  // The still picture cannot turn or blink: the photo is taken by hand, and the default policy ('flag')
  // records the punch for review (the moving camera of liveness.spec.ts answers the movements).
  const punched = kiosk.waitForResponse((r) => r.url().endsWith('/api/kiosk/punch'), { timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
  const punch = await punched;
  expect(punch.status(), await punch.text()).toBe(200);
  await expect.poll(messages, { timeout: 20_000 }).toContain(`${emp.name}: Check-in berhasil`);
  expect(await messages()).toContain('Dibatalkan. Silakan coba lagi menghadap kamera.');
  // The result leaves the screen by itself and the kiosk waits for the next person.
  await expect(kiosk.getByText('Silakan menghadap kamera untuk absen.')).toBeVisible({ timeout: 10_000 });

  // The admin sees the punch and the kiosk's "Bukan saya".
  type Row = { checkIn: { timestamp: string } | null; flags: { reason: string }[] };
  const rows = await getJson<Row[]>(request, `/api/attendance/all?employee=${emp.id}`, admin);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.checkIn).not.toBeNull();
  expect(rows[0]!.flags.map((f) => f.reason)).toContain('liveness');
  await page.reload();
  await expect(row).toContainText('Aktif');
  await expect(row).toContainText('1 kali');
  await page.goto(`/admin/attendance`);
  await expect(page.getByRole('row').filter({ hasText: emp.name })).toContainText(officeName, { timeout: 30_000 });

  // The credential is the tablet's own: its routes answer, every other route refuses it.
  const credential = await kiosk.evaluate(() => JSON.parse(localStorage.getItem('absensi.kiosk.credential') ?? 'null') as string);
  expect(credential).toMatch(/^kiosk\./);
  expect((await request.get('/api/kiosk/me', { headers: bearer(credential) })).status()).toBe(200);
  for (const url of ['/api/attendance/all', `/api/attendance/today/${emp.id}`, '/api/users', '/api/kiosks', '/api/auth/me'])
    expect((await request.get(url, { headers: bearer(credential) })).status(), url).toBe(401);
  const other = await request.post('/api/attendance/check-in', { headers: bearer(credential), data: { userId: emp.id } });
  expect(other.status()).toBe(401);
  // And the tablet itself has no session: an admin page sends it to the login.
  await kiosk.goto('/admin');
  await expect(kiosk).toHaveURL(/\/login/);
  await tablet.close();
});
