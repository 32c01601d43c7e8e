// The registration policy 'approval' end to end: a sign-up waits, cannot log in (a clear message), the
// admin approves it on Kelola Karyawan, then it logs in. Company-wide setting: this file runs in the
// 'company-wide' project, on a database of its own, not the one the other specs register employees in
// (playwright.config.ts).
import { test, expect } from '@playwright/test';
import { ADMIN, formReady, loginUi, openAs, uniqueEmail, employeeListReady } from './fixtures';
import { apiToken, bearer } from './admin-helpers';
import { containing, expectToast, recordPopups } from './support/toasts';

test('approval policy: the new account waits until an admin approves it', async ({ page, request, browser }) => {
  const admin = await apiToken(request, ADMIN);
  const set = (policy: string) => request.put('/api/settings/registration', { headers: bearer(admin), data: { policy, domains: [] } });
  expect((await set('approval')).status()).toBe(200);
  try {
    const name = `Tunggu ${Math.random().toString(36).slice(2, 7)}`;
    const email = uniqueEmail('tunggu');
    const password = 'rahasia123';
    await page.goto('/register');
    await formReady(page.getByRole('button', { name: /Daftar/ }));
    await page.getByLabel('Nama Lengkap', { exact: true }).fill(name);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Posisi/Jabatan', { exact: true }).fill('Staf');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Konfirmasi Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: /Daftar/ }).click();
    await expect(page.locator('.swal2-popup')).toContainText('Akun Anda menunggu persetujuan administrator');
    await page.locator('.swal2-popup').getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Masuk ke Sistem' }).click();
    await expect(page.getByTestId('login-error')).toHaveText(/Akun Anda belum disetujui administrator/);

    const adminPage = await browser.newPage();
    await recordPopups(adminPage);
    await openAs(adminPage, ADMIN, '/admin/employees');
    await employeeListReady(adminPage);
    // The list pages on the server: the account is looked for through the search box.
    await adminPage.getByPlaceholder('Cari karyawan...').fill(email);
    await expect(adminPage.getByTestId('employees-empty')).toBeVisible();
    await expect(adminPage.getByTestId('employee-row').filter({ hasText: email })).toHaveCount(0);
    const pending = adminPage.getByTestId('pending-accounts').getByRole('listitem').filter({ hasText: email });
    await expect(pending).toContainText(name);
    await pending.getByRole('button', { name: `Setujui ${name}` }).click();
    await expectToast(adminPage, containing(`Akun ${name} berhasil disetujui`));
    await expect(adminPage.getByTestId('employee-row').filter({ hasText: email })).toBeVisible();
    await adminPage.close();

    await loginUi(page, { email, password }, /\/employee$/);
  } finally {
    expect((await set('open')).status()).toBe(200);
  }
});
