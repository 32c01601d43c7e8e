// Koreksi Absensi in Chromium (docs/daily-close.md): an employee checks in and never checks out; the
// admin runs the daily close of today (provisional); the employee sees "Lupa check-out" in Riwayat
// Absensi, asks for the missing check-out from there, HR approves it, and the history shows the corrected
// day with its trail (who, when, why). The employee belongs to an office of this spec only, so the close
// touches nobody else's day.
import { test, expect } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, HR, enrolFaceViaApi, openAs, registerEmployee } from './fixtures';
import { apiToken, bearer, challengeId, todayJakarta } from './admin-helpers';
import { formatDateLong, formatTime, minutesOfDayInZone } from '../lib/dates';

const FACES = path.join(process.cwd(), 'tests', 'fixtures', 'faces');
const PLACE = { latitude: -7.257472, longitude: 112.75209 }; // Surabaya: no other office is near
const REASON = 'Lupa check-out karena langsung ke rapat di luar kantor';

test('a forgotten check-out: Lupa check-out in the history, a correction request, HR approves, the corrected day and its trail', async ({
  page,
  browser,
  request,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const admin = await apiToken(request, ADMIN);
  const office = await request.post('/api/offices', {
    headers: bearer(admin),
    data: { name: `Kantor Koreksi ${suffix}`, address: 'Jl. Uji Koreksi', ...PLACE, radius: 200, timezone: 'Asia/Jakarta' },
  });
  expect(office.status(), await office.text()).toBeLessThan(300);
  const officeId = (await office.json()).office.id as string;
  const emp = await registerEmployee(request, { name: `Dewi Koreksi ${suffix}` });
  const edit = await request.put(`/api/users/${emp.id}`, {
    headers: bearer(admin),
    data: { name: emp.name, email: emp.email, position: emp.position, role: 'employee', homeOfficeId: officeId },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  await enrolFaceViaApi(request, emp.token);

  // Setup: the check-in through the API (the camera flow has its own spec); no check-out follows.
  const descriptors = JSON.parse(readFileSync(path.join(FACES, 'descriptors.json'), 'utf8')) as Record<string, number[]>;
  const checkIn = await request.post('/api/attendance/check-in', {
    headers: bearer(emp.token),
    data: {
      challengeId: await challengeId(request, emp.token, 'check-in'),
      userId: emp.id,
      ...PLACE,
      accuracy: 8,
      timestamp: new Date().toISOString(),
      verificationMethod: 'face',
      faceImage: `data:image/jpeg;base64,${readFileSync(path.join(FACES, 'person-a-2.jpg')).toString('base64')}`,
      faceDescriptor: descriptors['person-a-2.jpg'],
    },
    timeout: 60_000,
  });
  expect(checkIn.status(), await checkIn.text()).toBe(200);
  const checkedInAt = new Date((await checkIn.json()).attendance.checkIn.timestamp as string);
  const today = todayJakarta();

  // The admin runs the close of today now (provisional: the real close still runs after the day ends).
  const closed = await request.post(`/api/attendance/close?date=${today}&officeId=${officeId}`, { headers: bearer(admin) });
  expect(closed.status(), await closed.text()).toBe(200);
  expect((await closed.json()).offices).toEqual([{ officeId, days: 1, alreadyClosed: false, provisional: true }]);

  // The employee sees the forgotten check-out and asks for a correction from the history.
  // The rows come from the hydrated page's own request: a row's link acts once it shows.
  await openAs(page, emp, '/employee/history');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Riwayat Absensi' })).toHaveAttribute('href', '/employee/history');
  const row = page.getByTestId('history-row').filter({ hasText: formatDateLong(today) });
  await expect(row).toContainText('Lupa check-out');
  await row.getByRole('link', { name: 'Ajukan Koreksi' }).click();
  await expect(page).toHaveURL(/\/employee\/corrections\?date=/);
  await expect(page.getByRole('heading', { name: 'Koreksi Absensi' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Form koreksi absensi' });
  await expect(form.getByLabel('Tanggal')).toHaveValue(today);
  await expect(form.getByLabel('Jenis Koreksi')).toHaveValue('tambah_jam');
  // The check-out must lie after the check-in and not in the future: the minute after the check-in,
  // once it has begun.
  const outMinute = minutesOfDayInZone(checkedInAt, 'Asia/Jakarta') + 1;
  const out = `${String(Math.floor(outMinute / 60) % 24).padStart(2, '0')}:${String(outMinute % 60).padStart(2, '0')}`;
  const wait = Math.ceil(checkedInAt.getTime() / 60_000) * 60_000 + 1_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await form.getByLabel('Jam Check-out').fill(out);
  await form.getByLabel('Alasan Koreksi').fill(REASON);
  await form.getByRole('button', { name: 'Ajukan Koreksi' }).click();
  await expect(page.getByRole('heading', { name: 'Pengajuan Terkirim' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  const mine = page.getByTestId('correction-row').filter({ hasText: REASON });
  await expect(mine).toContainText('Menunggu');

  // HR approves it on Koreksi Absensi.
  const hrContext = await browser.newContext({ locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const hrPage = await hrContext.newPage();
  // The rows come from the hydrated page's own request: a row's button acts once it shows.
  await openAs(hrPage, HR, '/hr/corrections');
  const hrName = ((await (await hrPage.request.get('/api/auth/me')).json()).user as { name: string }).name;
  await expect(hrPage.getByRole('navigation').getByRole('link', { name: 'Koreksi Absensi' })).toHaveAttribute('href', '/hr/corrections');
  const request_ = hrPage.getByTestId('correction-row').filter({ hasText: emp.name });
  await expect(request_).toContainText(REASON);
  await request_.getByRole('button', { name: 'Setujui' }).click();
  await hrPage.getByLabel('Catatan (opsional)').fill('Sesuai undangan rapat');
  await hrPage.getByRole('button', { name: 'Ya, Setujui' }).click();
  await expect(hrPage.getByRole('heading', { name: 'Koreksi Disetujui' })).toBeVisible();
  await hrContext.close();

  // The history shows the corrected day: the check-out, complete, marked Dikoreksi with who and why.
  await page.getByRole('navigation').getByRole('link', { name: 'Riwayat Absensi' }).click();
  const corrected = page.getByTestId('history-row').filter({ hasText: formatDateLong(today) });
  await expect(corrected).toContainText('Lengkap');
  await expect(corrected).toContainText('Dikoreksi');
  await expect(corrected).toContainText(`${formatTime(new Date(`${today}T${out}:00+07:00`), 'Asia/Jakarta')} WIB`);
  await expect(corrected.getByTestId('correction-trail')).toContainText(`Dikoreksi oleh ${hrName}`);
  await expect(corrected.getByTestId('correction-trail')).toContainText(REASON);
  await expect(corrected.getByRole('link', { name: 'Ajukan Koreksi' })).toHaveCount(0);
  // The punch record itself is unchanged: the API's record still has no check-out.
  const history = await (await page.request.get(`/api/attendance/history/${emp.id}?startDate=${today}&endDate=${today}`)).json();
  expect(history[0].checkOut).toBeNull();
  expect(history[0].day).toMatchObject({ status: 'hadir', correction: { decidedBy: hrName, reason: REASON } });
});
