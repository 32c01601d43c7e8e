// NIK or PIN first at the kiosk, in Chromium (docs/kiosk.md, "NIK or PIN first"): the admin chooses it in
// Pengaturan Kantor; the tablet then asks for the number before the camera. A number that is not the
// face's gets the one refusal and the kiosk asks again; the person's own NIK (typed in small letters)
// gives their name, and the punch goes through the face dialog. A company-wide setting: this spec runs
// in the 'company-wide' project, on a database of its own (playwright.config.ts), and puts the setting back.
import { test, expect, type APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ADMIN, enrolFaceViaApi, loginUi, registerEmployee } from './fixtures';
import { apiToken, bearer, getJson } from './admin-helpers';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from './support/camera';
import { expectToast, recordPopups } from './support/toasts';

const PLACE = { latitude: 0.507068, longitude: 101.447777 }; // Pekanbaru: no other spec's office is near

test.use({ launchOptions: fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')) });

async function setMode(request: APIRequestContext, token: string, kioskIdentifyMode: 'face' | 'id_first') {
  const current = await getJson<{ companyName: string; workingHours: { start: string; end: string } }>(request, '/api/settings', token);
  const res = await request.put('/api/settings', {
    headers: bearer(token),
    data: { companyName: current.companyName || 'PT Absensi', workingHours: current.workingHours, kioskIdentifyMode },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('NIK first: the admin turns it on, a wrong number is refused without a guess, the own NIK identifies and punches', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const nik = `K${suffix.toUpperCase()}`;
  const admin = await apiToken(request, ADMIN);
  const office = await request.post('/api/offices', {
    headers: bearer(admin),
    data: { name: `Kantor NIK ${suffix}`, address: 'Jl. Uji NIK', ...PLACE, radius: 150, timezone: 'Asia/Jakarta' },
  });
  expect(office.status(), await office.text()).toBeLessThan(300);
  const officeId = (await office.json()).office.id as string;
  const emp = await registerEmployee(request, { name: `Rina NIK ${suffix}` });
  const edit = await request.put(`/api/users/${emp.id}`, {
    headers: bearer(admin),
    data: { name: emp.name, email: emp.email, position: emp.position, role: 'employee', homeOfficeId: officeId, employeeNumber: nik },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  await enrolFaceViaApi(request, emp.token);
  const created = await request.post('/api/kiosks', { headers: bearer(admin), data: { name: `Tablet NIK ${suffix}`, officeId } });
  expect(created.status(), await created.text()).toBe(200);
  const code = (await created.json()).pairingCode as string;

  try {
    // The admin chooses NIK or PIN first in Pengaturan Kantor.
    await loginUi(page, ADMIN, /\/admin/);
    await page.goto('/admin/settings');
    const mode = page.getByLabel('Identifikasi di Kiosk Absensi');
    await expect(mode).toHaveValue('face');
    await mode.selectOption('id_first');
    await recordPopups(page);
    await page.getByRole('button', { name: 'Simpan Pengaturan', exact: true }).click();
    await expectToast(page, 'Pengaturan berhasil disimpan', { icon: 'success' });

    const tablet = await browser.newContext({ baseURL });
    const kiosk = await tablet.newPage();
    await kiosk.goto('/kiosk');
    await kiosk.getByLabel('Kode pemasangan').fill(code);
    await kiosk.getByRole('button', { name: 'Pasangkan' }).click();
    const key = kiosk.getByLabel('NIK atau PIN');
    await expect(key).toBeVisible();
    // No camera before the number.
    await expect(kiosk.getByText('Silakan menghadap kamera untuk absen.')).toHaveCount(0);

    // Someone else's number with this face: one refusal, then the kiosk asks for a number again.
    const refused = kiosk.waitForResponse((r) => r.url().endsWith('/api/kiosk/identify'), { timeout: 180_000 });
    await key.fill('ORANGLAIN1');
    await kiosk.getByRole('button', { name: 'Lanjut' }).click();
    const answer = await refused;
    expect(answer.status()).toBe(422);
    expect((await answer.json()).error).toMatch(/^NIK\/PIN dan wajah tidak cocok/);
    await expect(kiosk.getByLabel('NIK atau PIN')).toBeVisible({ timeout: 20_000 });

    // The own NIK, typed in small letters.
    await kiosk.getByLabel('NIK atau PIN').fill(nik.toLowerCase());
    await kiosk.getByRole('button', { name: 'Lanjut' }).click();
    const confirm = kiosk.getByTestId('kiosk-confirm');
    await expect(confirm.getByTestId('kiosk-name')).toHaveText(emp.name, { timeout: 120_000 });
    await confirm.getByRole('button', { name: 'Ya, ini saya' }).click();
    const dialog = kiosk.getByRole('dialog', { name: `Verifikasi wajah: ${emp.name}` });
    await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
    await expect(dialog.getByTestId('liveness-instruction')).toContainText(/^Langkah 1 dari 2: /, { timeout: 60_000 });
    const punched = kiosk.waitForResponse((r) => r.url().endsWith('/api/kiosk/punch'), { timeout: 120_000 });
    await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
    const punch = await punched;
    expect(punch.status(), await punch.text()).toBe(200);
    // The next person starts with their own number.
    await expect(kiosk.getByLabel('NIK atau PIN')).toBeVisible({ timeout: 20_000 });
    await expect(kiosk.getByLabel('NIK atau PIN')).toHaveValue('');
    const rows = await getJson<{ checkIn: unknown }[]>(request, `/api/attendance/all?employee=${emp.id}`, admin);
    expect(rows).toHaveLength(1);
    await tablet.close();
  } finally {
    await setMode(request, admin, 'face');
  }
});
