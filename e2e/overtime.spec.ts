// Lembur and Log Audit in Chromium (docs/overtime.md, docs/audit.md): an employee on a rest day (a roster
// cell) checks in, asks for overtime on the Lembur page, HR approves it on theirs, the employee checks out
// and sees the payable figures; the admin finds the request and the approval on Log Audit by its filters.
// Payable time is real time between the punches, so the test waits a little over a minute and the
// admin sets the rounding to "not rounded" for the run (restored at the end).
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ADMIN, HR, enrolFaceViaApi, openAs, registerEmployee } from './fixtures';
import { OFFICE, apiToken, bearer, challengeWithAnswer, todayJakarta } from './admin-helpers';
import { minutesOfDayInZone } from '../lib/dates';
import { pickPerson } from './support/person-picker';

const popup = (page: Page) => page.locator('.swal2-popup:not(.swal2-toast)');
const FACES = path.join(process.cwd(), 'tests', 'fixtures', 'faces');
const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

async function punch(request: APIRequestContext, emp: { id: string; token: string }, kind: 'check-in' | 'check-out') {
  const descriptors = JSON.parse(readFileSync(path.join(FACES, 'descriptors.json'), 'utf8')) as Record<string, number[]>;
  const res = await request.post(`/api/attendance/${kind}`, {
    headers: bearer(emp.token),
    data: {
      ...(await challengeWithAnswer(request, emp.token, kind, descriptors['person-a-2.jpg']!)),
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
}

test('an overtime request on a rest day is approved by HR and its figures appear for the employee; Log Audit filters show the trail', async ({
  page,
  browser,
  request,
}) => {
  const adminToken = await apiToken(request, ADMIN);
  const setRounding = (roundingMinutes: number) =>
    request.put('/api/settings/overtime', { headers: bearer(adminToken), data: { roundingMinutes } });
  expect((await setRounding(1)).status()).toBe(200);
  try {
    const name = `Lina Lembur ${randomBytes(3).toString('hex')}`;
    const emp = await registerEmployee(request, { name, position: 'Staf Gudang' });
    await enrolFaceViaApi(request, emp.token);
    const today = todayJakarta();
    // Today is a rest day for this employee: overtime there is outside the 4 h cap and pays the whole worked time.
    const roster = await request.put('/api/roster', {
      headers: bearer(adminToken),
      data: { cells: [{ userId: emp.id, date: today, rest: true }] },
    });
    expect(roster.status(), await roster.text()).toBe(200);
    await punch(request, emp, 'check-in');
    const checkedInAt = Date.now();

    // The request, on the employee's Lembur page: a window from 10 minutes ago to an hour ahead.
    const now = minutesOfDayInZone(new Date(), 'Asia/Jakarta');
    const start = hhmm(Math.max(0, now - 10));
    const end = hhmm(now + 60);
    await openAs(page, emp, '/employee/overtime');
    await expect(page.getByRole('heading', { name: 'Lembur', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Ajukan Lembur' }).click();
    const form = page.getByRole('dialog', { name: 'Ajukan Lembur' });
    await form.getByLabel('Tanggal').fill(today);
    await form.getByLabel('Jam Mulai').fill(start);
    await form.getByLabel('Jam Selesai').fill(end);
    await form.getByLabel('Keterangan Pekerjaan').fill('Stok opname gudang akhir bulan');
    await form.getByRole('button', { name: 'Ajukan', exact: true }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Pengajuan Terkirim');
    await popup(page).getByRole('button', { name: 'OK' }).click();
    const mine = page.getByTestId('overtime-item').filter({ hasText: 'Stok opname gudang akhir bulan' });
    await expect(mine.getByTestId('overtime-status')).toHaveText('Menunggu HR');
    await expect(mine).toContainText(`${start}–${end}`);
    await expect(mine).toContainText('hari istirahat');

    // HR approves it on their Lembur page.
    const hrContext = await browser.newContext();
    const hr = await hrContext.newPage();
    await openAs(hr, HR, '/hr/overtime');
    const item = hr.getByTestId('overtime-item').filter({ hasText: name });
    await item.getByRole('button', { name: 'Setujui' }).click();
    await popup(hr).getByRole('button', { name: 'Ya, Setujui' }).click();
    await expect(popup(hr).locator('.swal2-title')).toHaveText('Lembur Disetujui');
    await popup(hr).getByRole('button', { name: 'OK' }).click();
    await expect(item.getByTestId('overtime-status')).toHaveText('Disetujui');
    await hrContext.close();

    // Before the check-out there is nothing to pay yet; after it, the worked minutes (not rounded) at 2 ×.
    await page.reload();
    await expect(mine.getByTestId('overtime-figures')).toHaveText('Belum check-out: lembur dihitung setelah absensi dikoreksi.');
    // Log Audit, while the worked minute passes: the employee's overtime rows (the request and HR's
    // approval), found by kind and employee; the export keeps the filter.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await openAs(admin, ADMIN, '/admin/audit');
    await expect(admin.getByRole('heading', { name: 'Log Audit' })).toBeVisible();
    await admin.getByLabel('Jenis').selectOption('overtime');
    await pickPerson(admin, 'Karyawan', name);
    await expect(admin.getByTestId('audit-total')).toHaveText('2 catatan');
    const rows = admin.getByTestId('audit-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('overtime.approve');
    await expect(rows.nth(0)).toContainText('HR');
    await expect(rows.nth(1)).toContainText('overtime.request');
    await expect(rows.nth(1)).toContainText('Stok opname gudang akhir bulan');
    const href = await admin.getByTestId('audit-export').getAttribute('href');
    expect(href).toBe(`/api/audit/export?targetUserId=${emp.id}&kind=overtime`);
    const csv = await admin.request.get(href!);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]!.split(';')[0]).toBe('"Waktu"');
    await adminContext.close();
    await page.waitForTimeout(Math.max(0, 65_000 - (Date.now() - checkedInAt)));
    await punch(request, emp, 'check-out');
    await page.reload();
    await expect(mine.getByTestId('overtime-status')).toHaveText('Disetujui');
    const figures = mine.getByTestId('overtime-figures');
    await expect(figures).toContainText(/^Dibayar \d+ menit \(dari \d+ menit kerja\) = [\d,]+ jam × 2 = [\d,]+ jam lembur setara$/);
    await expect(mine).toContainText('Disetujui oleh');
    await expect(page.getByTestId('overtime-recap')).toContainText('jam lembur setara');
  } finally {
    await setRounding(30);
  }
});
