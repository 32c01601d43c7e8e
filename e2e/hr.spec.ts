// The HR area in Chromium: dashboard, reports with leave approval, attendance history, Kelola Karyawan for
// the people work (docs/roles.md); no roles, no administrator's account and no office settings (menu, pages
// and API refuse them).
import { test, expect } from '@playwright/test';
import { HR, loginUi, registerEmployee } from './fixtures';
import { bearer, workdaysAhead } from './admin-helpers';
import { addDays } from '../lib/dates';

test('HR sees the dashboard and reports, approves leave, and cannot change roles, an admin account or settings', async ({
  page,
  request,
}) => {
  const name = `Cuti HR ${Math.random().toString(36).slice(2, 7)}`;
  const emp = await registerEmployee(request, { name });
  const start = await workdaysAhead(request, emp.token, 10, 2);
  const applied = await request.post('/api/leaves/apply', {
    headers: bearer(emp.token),
    data: { userId: emp.id, type: 'keluarga', startDate: start, endDate: addDays(start, 1), reason: 'Menghadiri acara keluarga besar' },
  });
  expect(applied.status(), await applied.text()).toBe(201);

  await loginUi(page, HR, /\/hr$/);
  await expect(page.getByRole('heading', { name: 'HR Dashboard' })).toBeVisible();
  await expect(page.getByTestId('card-total-value')).toHaveText(/^\d+$/);
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Laporan' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Riwayat Absensi' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Kelola Karyawan' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Pengaturan Kantor' })).toHaveCount(0);

  // Reports, with the leave list under them: approve the new request.
  await nav.getByRole('link', { name: 'Laporan' }).click();
  await expect(page).toHaveURL(/\/hr\/reports$/);
  await expect(page.getByRole('heading', { name: 'Laporan & Analytics' })).toBeVisible();
  await expect(page.getByTestId('report-total-value')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('performance-table')).toBeVisible();
  const item = page.getByTestId('leave-approval-item').filter({ hasText: name });
  await expect(item).toContainText('Menunggu');
  await item.getByRole('button', { name: 'Setujui' }).click();
  await page.getByRole('button', { name: 'Ya, Setujui' }).click();
  await expect(page.locator('.swal2-popup')).toContainText(`Pengajuan cuti dari ${name} berhasil disetujui`);
  await expect(item).toContainText('Disetujui');
  const leaves = (await (await page.request.get('/api/leaves/all')).json()) as {
    userId: string;
    status: string;
    processedByName: string;
  }[];
  expect(leaves.find((l) => l.userId === emp.id)).toMatchObject({ status: 'approved', processedByName: 'Hana Rahmawati' });

  // Attendance history is open to HR.
  await page.goto('/hr/attendance');
  await expect(page.getByRole('heading', { name: 'Riwayat Absensi' })).toBeVisible();
  await expect(page.getByTestId('history-table')).toBeVisible();

  // The admin pages send HR back to its own area.
  const adminId = ((await (await page.request.get('/api/users?role=admin')).json()) as { id: string }[])[0]!.id;
  for (const path of ['/admin/employees', '/admin/settings', '/admin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/hr$/);
  }
  // And the API refuses the calls behind them, whatever the page does.
  const refused = [
    await page.request.put(`/api/users/${emp.id}`, { data: { name: 'Diubah', email: emp.email, position: 'X', role: 'admin' } }),
    await page.request.delete(`/api/users/${adminId}`),
    await page.request.post(`/api/users/${adminId}/reset-password`, { data: { newPassword: 'karyawan123' } }),
    await page.request.put('/api/settings', { data: { companyName: 'HR', workingHours: { start: '07:00', end: '16:00' } } }),
    await page.request.put('/api/settings/office-location', {
      data: { officeLocation: { latitude: 0, longitude: 0, radius: 50, address: 'x' } },
    }),
  ];
  expect(refused.map((r) => r.status())).toEqual([403, 403, 403, 403, 403]);
});
