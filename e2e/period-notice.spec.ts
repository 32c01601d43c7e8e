// A change that a closed month keeps out says from when it applies (docs/periods.md, "Changes that reach
// a closed month"): an employee working since 1 February 2024, February 2024 closed by Tutup Periode (a
// month no other spec writes into; January 2024 is periods-exports.spec.ts's), the admin moves the
// employee to another office in the employee form, and the success dialog says the change applies from
// 1 March 2024 because February 2024 is closed. The month is opened again at the end.
import { test, expect } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { ADMIN, loginUi, registerEmployee } from './fixtures';
import { apiToken, bearer } from './admin-helpers';
import { expectToast, recordPopups } from './support/toasts';

const MONTH = '2024-02';
const PLACE = { latitude: -8.650979, longitude: 115.219086 }; // Denpasar: no other office is near

test('moving an employee who worked in a closed month: the dialog says the change applies from the first open day', async ({
  page,
  request,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const admin = await apiToken(request, ADMIN);
  const officeName = `Cabang Denpasar ${suffix}`;
  const office = await request.post('/api/offices', {
    headers: bearer(admin),
    data: { name: officeName, address: 'Jl. Uji Periode', ...PLACE, radius: 200, timezone: 'Asia/Makassar' },
  });
  expect(office.status(), await office.text()).toBeLessThan(300);
  const officeId = (await office.json()).office.id as string;
  const emp = await registerEmployee(request, { name: `Wayan Periode ${suffix}` });
  const profile = { name: emp.name, email: emp.email, position: emp.position, role: 'employee' };
  const joined = await request.put(`/api/users/${emp.id}`, { headers: bearer(admin), data: { ...profile, joinDate: '2024-02-01' } });
  expect(joined.status(), await joined.text()).toBe(200);
  const close = await request.post(`/api/periods/${MONTH}/close`, {
    headers: bearer(admin),
    data: { reason: 'Uji pemberitahuan periode tertutup', override: true },
  });
  expect(close.status(), await close.text()).toBe(200);

  try {
    await recordPopups(page);
    await loginUi(page, ADMIN, /\/admin$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Kelola Karyawan' }).click();
    await expect(page).toHaveURL(/\/admin\/employees$/);
    await expectToast(page, 'Data karyawan berhasil dimuat');
    await page.getByPlaceholder(/Cari/).first().fill(emp.email);
    const row = page.getByTestId('employee-row').filter({ hasText: emp.email });
    await row.getByRole('button', { name: `Edit ${emp.name}` }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Karyawan' });
    await modal.getByLabel('Kantor Utama', { exact: true }).selectOption(officeId);
    await modal.getByRole('button', { name: 'Update' }).click();

    const popup = page.locator('.swal2-popup:not(.swal2-toast)');
    await expect(popup.locator('.swal2-title')).toHaveText('Berhasil Update');
    await expect(popup.locator('.swal2-html-container')).toHaveText(
      `Data karyawan ${emp.name} berhasil diupdate. Perubahan berlaku mulai 1 Maret 2024 karena periode Februari 2024 sudah ditutup; hari-hari di periode itu tidak berubah.`,
    );
    // A notice stays until it is read: no timer, an OK button.
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
  } finally {
    const reopen = await request.post(`/api/periods/${MONTH}/reopen`, { headers: bearer(admin), data: { reason: 'Selesai uji' } });
    expect(reopen.status(), await reopen.text()).toBe(200);
  }
});
