// Jadwal Kerja in Chromium: an admin makes a night-shift schedule, rosters it, copies the week forward
// and puts it back; a shift crossing midnight rostered through the cell dialog decides the day and the
// late minutes of a real check-in. HR keeps the schedules as the admin does (docs/roles.md), sets roster
// cells and assigns schedules.
import { test, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, HR, enrolFaceViaApi, openAs, registerEmployee } from './fixtures';
import { OFFICE, bearer, todayJakarta, challengeId } from './admin-helpers';
import { addDays, formatDateLong, instantInZone, isoWeekday, minutesOfDayInZone } from '../lib/dates';
import { containing, expectToast, recordPopups } from './support/toasts';

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

const FACES = path.join(process.cwd(), 'tests', 'fixtures', 'faces');
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A routine save's success: a toast (issue 35), read from the page's record of popups. */
async function savedToast(page: Page, title: string) {
  await expectToast(page, title, { icon: 'success' });
}

/**
 * A shift crossing midnight that is running now and started today (Jakarta), so a check-in now falls
 * inside it. The server clock cannot be moved and a fresh employee's yesterday is before their join
 * date (status belum_bergabung, which no roster cell overrides), so yesterday's cell cannot carry the
 * shift: today's cell gets a shift that began about two hours ago and ends tomorrow morning
 * (e.g. 08:15–06:00 at 10:20). The check-in must then belong to today, the day the shift starts, and be
 * late by exactly the minutes since the shift began. Before 02:30 no such shift starts today; then
 * today's cell gets tonight's 22:00–06:00 and the check-in, before it starts, is on time.
 * (The check-in at 00:30 belonging to yesterday's 22:00–06:00 is worked by hand in
 * tests/integration/calendar.test.ts and tests/unit/shift.test.ts.)
 */
function runningNightShift(now: Date): { start: string; end: string; running: boolean } {
  const m = minutesOfDayInZone(now, 'Asia/Jakarta');
  if (m < 150) return { start: '22:00', end: '06:00', running: false };
  const start = Math.floor((m - 120) / 15) * 15;
  return { start: hhmm(start), end: start > 360 ? '06:00' : hhmm(start - 15), running: true };
}

async function checkIn(request: import('@playwright/test').APIRequestContext, emp: { id: string; token: string }) {
  const descriptors = JSON.parse(readFileSync(path.join(FACES, 'descriptors.json'), 'utf8')) as Record<string, number[]>;
  const res = await request.post('/api/attendance/check-in', {
    headers: bearer(emp.token),
    data: {
      challengeId: await challengeId(request, emp.token, 'check-in'),
      userId: emp.id,
      ...OFFICE,
      accuracy: 8,
      timestamp: new Date().toISOString(),
      verificationMethod: 'face',
      faceImage: `data:image/jpeg;base64,${readFileSync(path.join(FACES, 'person-a-2.jpg')).toString('base64')}`,
      faceDescriptor: descriptors['person-a-2.jpg'],
    },
    timeout: 60_000,
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()).attendance as { date: string; lateMinutes: number; checkIn: { timestamp: string } };
}

async function pickCell(page: Page, userId: string, date: string) {
  await page.getByTestId(`roster-cell-${userId}-${date}`).click();
  const dialog = page.getByRole('dialog', { name: 'Atur Jadwal' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('admin: a night-shift schedule on the roster, copied a week forward and put back; a shift crossing midnight takes the check-in on its start day', async ({
  page,
  request,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const scheduleName = `Shift Malam ${suffix}`;
  const emp = await registerEmployee(request, { name: `Aaron Malam ${suffix}` });
  await enrolFaceViaApi(request, emp.token);
  const today = todayJakarta();

  await openAs(page, ADMIN, '/admin/schedules');
  await expect(page.getByRole('heading', { name: 'Jadwal Kerja', level: 1 })).toBeVisible();

  // A schedule of seven nights, 22:00–06:00.
  await page.getByRole('button', { name: 'Tambah Jadwal' }).click();
  const form = page.getByRole('dialog', { name: 'Tambah Jadwal' });
  await form.getByLabel('Nama Jadwal').fill(scheduleName);
  await form.getByLabel('Istirahat (menit)').fill('30');
  await form.getByLabel('Toleransi Terlambat (menit)').fill('10');
  await form.getByLabel('Sabtu libur').uncheck();
  await form.getByLabel('Minggu libur').uncheck();
  await form.getByLabel('Jam masuk Senin').fill('22:00');
  await form.getByLabel('Jam pulang Senin').fill('06:00');
  await expect(form.getByText('Shift melewati tengah malam')).toBeVisible();
  await form.getByRole('button', { name: 'Samakan jam semua hari kerja dengan Senin' }).click();
  await expect(form.getByLabel('Jam masuk Minggu')).toHaveValue('22:00');
  await form.getByRole('button', { name: 'Tambah' }).click();
  await savedToast(page, 'Berhasil Tambah');
  const row = page.getByTestId('schedule-row').filter({ hasText: scheduleName });
  await expect(row).toContainText('Lintas tengah malam');
  await expect(row.getByRole('cell')).toHaveCount(11);
  await expect(row.getByRole('cell').nth(0)).toHaveText('22:00–06:00(+1)');
  await expect(row).toContainText('30 menit');
  await expect(row).toContainText('10 menit');
  await expect(page.getByTestId('schedule-row').filter({ hasText: 'Standar' })).toHaveCount(1);

  // The roster: today's cell takes the schedule's shift.
  const cell = page.getByTestId(`roster-cell-${emp.id}-${today}`);
  await expect(cell).toBeVisible();
  let dialog = await pickCell(page, emp.id, today);
  await dialog.getByLabel(/^Jadwal \(jam hari/).selectOption({ label: `${scheduleName} (22:00–06:00)` });
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expectToast(page, containing('Jadwal berhasil disimpan'));
  await expect(cell).toHaveText('22:00–06:00');
  await expect(cell).toHaveAttribute(
    'aria-label',
    `Aaron Malam ${suffix}, ${dayLabel(today)}: 22:00–06:00, lintas tengah malam, diatur manual`,
  );

  // Copied to the same weekday of next week, then put back to the employee's own schedule there.
  await page.getByRole('button', { name: 'Salin ke minggu berikutnya' }).click();
  await page.locator('.swal2-popup').getByRole('button', { name: 'Ya, Salin' }).click();
  await savedToast(page, 'Berhasil Menyalin');
  const nextWeek = addDays(today, 7);
  const copied = page.getByTestId(`roster-cell-${emp.id}-${nextWeek}`);
  await expect(copied).toHaveText('22:00–06:00');
  await expect(copied).toHaveAttribute('aria-label', /diatur manual$/);
  dialog = await pickCell(page, emp.id, nextWeek);
  await dialog.getByLabel('Kembalikan ke jadwal').check();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(copied).not.toHaveAttribute('aria-label', /diatur manual/);
  await expect(copied).toHaveText(isoWeekday(nextWeek) <= 5 ? /^\d{2}:\d{2}–\d{2}:\d{2}$/ : 'Libur');
  await page.getByRole('button', { name: 'Minggu sebelumnya' }).click();

  // Today's cell: explicit hours of a shift crossing midnight that is running now.
  const shift = runningNightShift(new Date());
  dialog = await pickCell(page, emp.id, today);
  await dialog.getByLabel('Jam kerja khusus').check();
  await dialog.getByLabel('Jam Masuk').fill(shift.start);
  await dialog.getByLabel('Jam Pulang').fill(shift.end);
  await dialog.getByLabel('Toleransi (menit)').fill('10');
  await expect(dialog.getByText('Shift melewati tengah malam')).toBeVisible();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(cell).toHaveText(`${shift.start}–${shift.end}`);

  const record = await checkIn(request, emp);
  expect(record.date).toBe(today);
  const sinceStart = Math.floor(
    (new Date(record.checkIn.timestamp).getTime() - instantInZone(today, shift.start, 'Asia/Jakarta').getTime()) / 60_000,
  );
  expect(record.lateMinutes).toBe(shift.running ? sinceStart : 0);
  if (shift.running) expect(sinceStart).toBeGreaterThan(10);

  const history = await request.get(`/api/attendance/history/${emp.id}?startDate=${addDays(today, -1)}&endDate=${addDays(today, 1)}`, {
    headers: bearer(emp.token),
  });
  expect(history.status()).toBe(200);
  const entries = (await history.json()) as { date: string; shiftStart: string; shiftEnd: string; dayStatus: string }[];
  expect(entries.map((e) => [e.date, e.shiftStart, e.shiftEnd, e.dayStatus])).toEqual([[today, shift.start, shift.end, 'kerja']]);

  // The employee's Riwayat Absensi lists it on the shift's start day.
  const own = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const employee = await own.newPage();
  await openAs(employee, emp, '/employee/history');
  await expect(employee.getByTestId('history-row')).toHaveCount(1);
  await expect(employee.getByTestId('history-row')).toContainText(formatDateLong(today));
  await own.close();
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];
const dayLabel = (key: string) => `${Number(key.slice(8))} ${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;

test('HR: schedules as the admin; a roster rest day; a schedule assigned for a week and removed', async ({ page, request }) => {
  const suffix = randomBytes(3).toString('hex');
  const emp = await registerEmployee(request, { name: `Abdi Roster ${suffix}` });
  const today = todayJakarta();
  await openAs(page, HR, '/hr/schedules');
  await expect(page.getByRole('heading', { name: 'Jadwal Kerja', level: 1 })).toBeVisible();
  await expect(page.getByTestId('schedule-row').filter({ hasText: 'Shift Malam' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tambah Jadwal' })).toBeVisible();

  // Assign the demo 'Shift Malam' (Senin–Jumat 22:00–06:00) for this week.
  const cell = page.getByTestId(`roster-cell-${emp.id}-${today}`);
  await expect(cell).toBeVisible();
  await page.getByLabel('Jadwal', { exact: true }).selectOption({ label: 'Shift Malam' });
  await page.getByLabel('Tanggal Selesai (opsional)').fill(addDays(today, 6));
  // The list is searched on the server (at most 20 people): type the name, then tick them.
  await page.getByLabel('Cari karyawan').fill(`Abdi Roster ${suffix}`);
  await page.getByRole('region', { name: 'Daftar karyawan' }).getByLabel(`Abdi Roster ${suffix}`).check();
  await page.getByRole('button', { name: 'Terapkan Jadwal' }).click();
  await savedToast(page, 'Berhasil Menerapkan');
  const assignment = page.getByTestId('assignment-row').filter({ hasText: `Abdi Roster ${suffix}` });
  await expect(assignment).toContainText('Shift Malam');
  // The list is paged and searched on the server: the search leaves only this person's assignment.
  await page.getByLabel('Cari penugasan').fill(`abdi roster ${suffix}`);
  await expect(page.getByTestId('assignment-row')).toHaveCount(1);
  await expect(assignment).toContainText('Shift Malam');
  await expect(cell).toHaveText(isoWeekday(today) <= 5 ? '22:00–06:00' : 'Libur');

  // A rest day set by HR wins over the assignment.
  const dialog = await pickCell(page, emp.id, today);
  await dialog.getByLabel('Libur', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(cell).toHaveText('Libur');
  await expect(cell).toHaveAttribute('data-status', 'istirahat');
  await expect(cell).toHaveAttribute('aria-label', /diatur manual$/);

  // Removing the assignment leaves the rest day; putting the cell back shows the company schedule.
  await page.getByRole('button', { name: `Hapus penugasan Shift Malam untuk Abdi Roster ${suffix}` }).click();
  await page.locator('.swal2-popup').getByRole('button', { name: 'Ya, Hapus' }).click();
  await expect(assignment).toHaveCount(0);
  const back = await pickCell(page, emp.id, today);
  await back.getByLabel('Kembalikan ke jadwal').check();
  await back.getByRole('button', { name: 'Simpan' }).click();
  await expect(cell).not.toHaveAttribute('aria-label', /diatur manual/);
  const calendar = await page.request.get(`/api/calendar/${emp.id}?startDate=${today}&endDate=${today}`);
  const [day] = (await calendar.json()).days as { status: string; shiftStart: string | null; shiftEnd: string | null }[];
  await expect(cell).toHaveText(day!.status === 'kerja' ? `${day!.shiftStart}–${day!.shiftEnd}` : 'Libur');
  expect(day!.shiftStart).not.toBe('22:00');
});
