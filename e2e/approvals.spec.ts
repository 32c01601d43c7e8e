// HR acts for people and nothing stalls (docs/leave.md, "On behalf", "Nothing stalls"): HR files an
// employee's sick day of the last working day with a doctor's letter from Persetujuan, and the employee
// sees who filed it; a supervisor's delegate decides the team's request in the supervisor's place.
import { test, expect, type Page } from '@playwright/test';
import { ADMIN, HR, loginUi, registerEmployee } from './fixtures';
import { apiToken, bearer, todayJakarta } from './admin-helpers';
import { recordPopups } from './support/toasts';

const popup = (page: Page) => page.locator('.swal2-popup:not(.swal2-toast)');
const plus = (key: string, n: number) => new Date(Date.parse(`${key}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The last Monday–Friday before today, not a 2026 year-end holiday (within Sakit's 7-day window). */
function lastWorkingDay(): string {
  let d = plus(todayJakarta(), -1);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()) || ['2026-12-24', '2026-12-25'].includes(d)) d = plus(d, -1);
  return d;
}
/** A Monday–Friday at least `days` ahead, for a request that waits. */
function workingDayAhead(days: number): string {
  let d = plus(todayJakarta(), days);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = plus(d, 1);
  return d;
}

test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

test('HR files a sick day with a doctor’s letter for an employee, who sees who filed it', async ({ page, browser, request }) => {
  const name = `Wulan Sakit ${Date.now() % 100000}`;
  const emp = await registerEmployee(request, { name });
  const day = lastWorkingDay();
  // Joined a month ago: an account made today has no working day before today (its join date).
  const joined = await request.put(`/api/users/${emp.id}`, {
    headers: bearer(await apiToken(request, ADMIN)),
    data: { name: emp.name, email: emp.email, position: emp.position, role: 'employee', joinDate: plus(day, -30) },
  });
  expect(joined.status(), await joined.text()).toBe(200);

  await loginUi(page, HR, /\/hr$/);
  await page.goto('/hr/approvals');
  await expect(page.getByRole('heading', { name: 'Persetujuan' })).toBeVisible();
  await page.getByLabel('Karyawan').selectOption({ label: name });
  await page.getByRole('button', { name: 'Ajukan Cuti atas Nama' }).click();
  const dialog = page.getByRole('dialog', { name: `Ajukan Cuti untuk ${name}` });
  await dialog.getByLabel('Jenis Cuti').selectOption({ label: 'Sakit' });
  await dialog.getByLabel('Dari Tanggal').fill(day);
  await dialog.getByLabel('Sampai Tanggal').fill(day);
  await dialog.getByLabel('Lampiran (surat dokter)').setInputFiles({
    name: 'surat-dokter.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await dialog.getByLabel('Alasan').fill('Demam tinggi, izin lewat telepon pagi hari');
  await dialog.getByRole('button', { name: 'Ajukan', exact: true }).click();
  await expect(popup(page).getByRole('heading', { name: 'Pengajuan Berhasil!' })).toBeVisible();
  await expect(popup(page)).toContainText(`Pengajuan cuti atas nama ${name} telah dikirim`);
  await popup(page).getByRole('button', { name: 'OK' }).click();

  const item = page.getByTestId('inbox-leave').filter({ hasText: name });
  await expect(item).toContainText('Diajukan oleh Hana Rahmawati atas nama karyawan');
  await expect(item.getByRole('link', { name: 'Lihat lampiran' })).toBeVisible();

  const context = await browser.newContext();
  const own = await context.newPage();
  await loginUi(own, emp, /\/employee$/);
  await own.goto('/employee/leave');
  const mine = own.getByTestId('leave-item').first();
  await expect(mine).toContainText('Sakit');
  await expect(mine.getByTestId('leave-filed-by')).toHaveText('Diajukan oleh HR/Admin Hana Rahmawati atas nama Anda');
  await context.close();
});

test('a supervisor’s delegate decides the team’s request in the supervisor’s place', async ({ page, request }) => {
  const stamp = Date.now() % 100000;
  const boss = await registerEmployee(request, { name: `Sari Atasan ${stamp}` });
  const delegate = await registerEmployee(request, { name: `Dodi Pengganti ${stamp}` });
  const member = await registerEmployee(request, { name: `Tono Anggota ${stamp}` });
  const admin = await apiToken(request, ADMIN);
  const edit = await request.put(`/api/users/${member.id}`, {
    headers: bearer(admin),
    data: { name: member.name, email: member.email, position: member.position, role: 'employee', supervisorId: boss.id },
  });
  expect(edit.status()).toBe(200);
  const named = await request.post('/api/delegates', {
    headers: bearer(boss.token),
    data: { delegateId: delegate.id, startDate: todayJakarta(), endDate: plus(todayJakarta(), 7) },
  });
  expect(named.status()).toBe(201);
  const start = workingDayAhead(14);
  const applied = await request.post('/api/leaves/apply', {
    headers: bearer(member.token),
    data: { type: 'lainnya', startDate: start, endDate: start, reason: 'Mengurus dokumen kependudukan' },
  });
  expect(applied.status()).toBe(201);

  await loginUi(page, delegate, /\/employee$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Persetujuan Tim' }).click();
  const item = page.getByTestId('leave-approval-item').filter({ hasText: member.name });
  await item.getByRole('button', { name: 'Setujui' }).click();
  await popup(page).getByRole('button', { name: 'Ya, Setujui' }).click();
  await expect(popup(page).getByRole('heading', { name: 'Pengajuan Disetujui' })).toBeVisible();
  await popup(page).getByRole('button', { name: 'OK' }).click();
  await expect(item.getByTestId('leave-steps')).toContainText(`Atasan: disetujui oleh ${delegate.name} menggantikan ${boss.name}`);
  await expect(item.getByTestId('leave-steps')).toContainText('Menunggu keputusan HR/Admin');
});
