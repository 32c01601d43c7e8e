import { test, expect, type Page } from '@playwright/test';
import { ADMIN, employeeListReady, loginUi, openAs, uniqueEmail } from './fixtures';
import { expectToast, recordPopups } from './support/toasts';

const DEFAULT_PASSWORD = process.env.DEFAULT_EMPLOYEE_PASSWORD || 'karyawan123';

const toast = (page: Page, text: string) => expectToast(page, text);

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});
const popup = (page: Page) => page.locator('.swal2-popup:not(.swal2-toast)');

/** A routine save's success: a toast with the spec's title and text (no OK to click). */
async function expectSaved(page: Page, title: string, text: string) {
  const shown = await expectToast(page, title, { icon: 'success' });
  expect(shown.text).toBe(text);
}

async function expectDialog(page: Page, title: string, text?: string) {
  await expect(popup(page).locator('.swal2-title')).toHaveText(title);
  if (text) await expect(popup(page).locator('.swal2-html-container')).toHaveText(text);
}

/**
 * Kelola Karyawan, opened signed in through the API (the login form is not what these tests are about;
 * the new employee's own logins below still go through it). A row shows once the hydrated page's own
 * request has answered: what is clicked or typed after that stays.
 */
async function openEmployees(page: Page) {
  await openAs(page, ADMIN, '/admin/employees');
  await employeeListReady(page);
  await toast(page, 'Data karyawan berhasil dimuat');
}

const row = (page: Page, text: string) => page.getByTestId('employee-row').filter({ hasText: text });

/** The list pages on the server (10 people a page): someone is found through the search box. */
async function find(page: Page, text: string) {
  await page.getByPlaceholder('Cari karyawan...').fill(text);
  await expect(row(page, text).first()).toBeVisible();
}

async function addEmployee(page: Page, data: { name: string; email: string; position: string }) {
  await page.getByRole('button', { name: 'Tambah', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Tambah Karyawan' });
  await modal.getByLabel('Nama Lengkap', { exact: true }).fill(data.name);
  await modal.getByLabel('Email', { exact: true }).fill(data.email);
  await modal.getByLabel('Posisi', { exact: true }).fill(data.position);
  // Once (under load) the submit said 'Posisi harus diisi' after these three fills (docs/quality.md):
  // the values are read back first, so a next occurrence tells a fill that never landed (fails here)
  // from a value the form lost afterwards (fails at the toast below).
  for (const [label, value] of [
    ['Nama Lengkap', data.name],
    ['Email', data.email],
    ['Posisi', data.position],
  ] as const)
    await expect(modal.getByLabel(label, { exact: true })).toHaveValue(value);
  await modal.getByRole('button', { name: 'Tambah', exact: true }).click();
  await expectSaved(page, 'Berhasil Tambah', `Karyawan ${data.name} berhasil ditambahkan`);
  await find(page, data.email);
}

test.describe('Kelola Karyawan', () => {
  test('adds an employee with validation in order; the new employee logs in with the default password and must change it', async ({
    page,
    browser,
  }) => {
    await openEmployees(page);
    await expect(page.getByTestId('employees-count')).toContainText(/Menampilkan \d+ dari \d+ karyawan/);
    await page.getByRole('button', { name: 'Tambah', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Tambah Karyawan' });
    const password = modal.getByLabel('Password Default', { exact: true });
    await expect(password).toHaveValue(DEFAULT_PASSWORD);
    await expect(password).toHaveAttribute('type', 'text');
    await expect(modal.getByLabel('Role', { exact: true })).toHaveValue('employee');
    await expect(modal.getByLabel('Role', { exact: true }).locator('option')).toHaveText(['Karyawan', 'HR', 'Administrator']);
    const submit = modal.getByRole('button', { name: 'Tambah', exact: true });
    await submit.click();
    await toast(page, 'Nama lengkap harus diisi');
    const name = `Wulan ${Date.now() % 100000}`;
    await modal.getByLabel('Nama Lengkap', { exact: true }).fill(name);
    await submit.click();
    await toast(page, 'Email harus diisi');
    await modal.getByLabel('Email', { exact: true }).fill('wulan@tanpatitik');
    await submit.click();
    await toast(page, 'Format email tidak valid');
    const email = uniqueEmail('wulan');
    await modal.getByLabel('Email', { exact: true }).fill(email);
    await submit.click();
    await toast(page, 'Posisi harus diisi');
    await modal.getByLabel('Posisi', { exact: true }).fill('Kasir');
    await password.fill('');
    await submit.click();
    await toast(page, 'Password harus diisi');
    await password.fill(DEFAULT_PASSWORD);
    await modal.getByLabel('Jam Masuk', { exact: true }).fill('07:00');
    await submit.click();
    await toast(page, 'Harap isi jam kerja dengan lengkap');
    await modal.getByLabel('Jam Pulang', { exact: true }).fill('15:00');
    await submit.click();
    await expectSaved(page, 'Berhasil Tambah', `Karyawan ${name} berhasil ditambahkan`);
    await expect(modal).toBeHidden();
    await find(page, email);
    const added = row(page, email);
    await expect(added).toContainText(name);
    await expect(added).toContainText('Karyawan');
    await expect(added).toContainText('Jam kerja: 07:00–15:00');
    const today = new Date().toLocaleDateString('id-ID', { timeZone: 'Asia/Jakarta', day: 'numeric', month: 'long', year: 'numeric' });
    await expect(added).toContainText(today);

    // The new employee: default password works, then the account page insists on a new one.
    const context = await browser.newContext();
    const emp = await context.newPage();
    await recordPopups(emp);
    await loginUi(emp, { email, password: DEFAULT_PASSWORD }, /\/employee\/account$/);
    await expect(emp.getByRole('alert').filter({ hasText: 'Silakan ganti password Anda' })).toBeVisible();
    await emp.goto('/employee/history');
    await expect(emp).toHaveURL(/\/employee\/account$/);
    await emp.getByLabel('Password Saat Ini', { exact: true }).fill(DEFAULT_PASSWORD);
    await emp.getByLabel('Password Baru', { exact: true }).fill('WulanBaru1');
    await emp.getByLabel('Konfirmasi Password Baru', { exact: true }).fill('WulanBaru1');
    await emp.getByRole('button', { name: 'Ubah Password' }).click();
    await toast(emp, 'Password berhasil diubah!');
    await expect(emp.getByRole('alert').filter({ hasText: 'Silakan ganti password Anda' })).toBeHidden();
    await emp.getByRole('navigation').getByRole('link', { name: 'Riwayat Absensi' }).click();
    await expect(emp).toHaveURL(/\/employee\/history$/);
    await context.close();
  });

  test('edits, searches, cancels with confirmation, resets the password and deletes', async ({ page, browser }) => {
    await openEmployees(page);
    const email = uniqueEmail('tono');
    const name = `Tono ${Date.now() % 100000}`;
    await addEmployee(page, { name, email, position: 'Gudang' });

    // Search: name, email and position, case-insensitive.
    const search = page.getByPlaceholder('Cari karyawan...');
    await search.fill(email.toUpperCase());
    await expect(page.getByTestId('employee-row')).toHaveCount(1);
    await expect(page.getByTestId('employees-count')).toContainText(/Menampilkan 1 dari \d+ karyawan/);
    await search.fill('tidak-ada-yang-cocok-xyz');
    await expect(page.getByTestId('employees-empty')).toContainText('Tidak ditemukan');
    await search.fill(name.toLowerCase());
    await expect(page.getByTestId('employee-row')).toHaveCount(1);

    // Edit: no password field, role HR, own hours; cancel asks first.
    await row(page, email)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const modal = page.getByRole('dialog', { name: 'Edit Karyawan' });
    await expect(modal.getByLabel('Nama Lengkap', { exact: true })).toHaveValue(name);
    await expect(modal.getByLabel('Password Default', { exact: true })).toHaveCount(0);
    await modal.getByRole('button', { name: 'Batal' }).click();
    await expectDialog(page, 'Batalkan Perubahan', 'Data yang sudah diisi akan hilang. Apakah Anda yakin?');
    await popup(page).getByRole('button', { name: 'Ya, Batalkan' }).click();
    await toast(page, 'Perubahan dibatalkan');
    await expect(modal).toBeHidden();

    await row(page, email)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await modal.getByLabel('Posisi', { exact: true }).fill('Kepala Gudang');
    await modal.getByLabel('Role', { exact: true }).selectOption('hr');
    await modal.getByRole('button', { name: 'Update' }).click();
    await expectSaved(page, 'Berhasil Update', `Data karyawan ${name} berhasil diupdate`);
    await expect(row(page, email)).toContainText('Kepala Gudang');
    await expect(row(page, email).getByText('HR', { exact: true })).toBeVisible();

    // Reset password: confirmation text, result dialog; the default password now logs in.
    await row(page, email)
      .getByRole('button', { name: `Reset password ${name}` })
      .click();
    await expectDialog(
      page,
      'Reset Password',
      `Reset password ${name} ke "${DEFAULT_PASSWORD}"? Karyawan harus login ulang setelah reset.`,
    );
    await popup(page).getByRole('button', { name: 'Ya, Reset' }).click();
    await expectDialog(page, 'Berhasil Reset', `Password ${name} berhasil direset ke "${DEFAULT_PASSWORD}"`);
    await popup(page).getByRole('button', { name: 'OK' }).click();
    const context = await browser.newContext();
    const hr = await context.newPage();
    await loginUi(hr, { email, password: DEFAULT_PASSWORD }, /\/hr\/account$/);

    // Delete: confirmation, result dialog, gone from the list; the session ends.
    await row(page, email)
      .getByRole('button', { name: `Hapus ${name}` })
      .click();
    await expectDialog(page, 'Hapus Karyawan', `Apakah Anda yakin ingin menghapus karyawan ${name}? Tindakan ini tidak dapat dibatalkan.`);
    await popup(page).getByRole('button', { name: 'Ya, Hapus' }).click();
    await expectSaved(page, 'Berhasil Hapus', `Karyawan ${name} berhasil dihapus`);
    await expect(page.getByTestId('employees-empty')).toContainText('Tidak ditemukan');
    await hr.reload();
    await expect(hr).toHaveURL(/\/login$/);
    await context.close();
  });

  test('an empty add form closes without asking; the admin cannot delete themself', async ({ page }) => {
    await openEmployees(page);
    await page.getByRole('button', { name: 'Tambah', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Tambah Karyawan' });
    await modal.getByRole('button', { name: 'Batal' }).click();
    await expect(modal).toBeHidden();
    await expect(popup(page)).toHaveCount(0);

    await page.getByPlaceholder('Cari karyawan...').fill(ADMIN.email);
    await row(page, ADMIN.email)
      .getByRole('button', { name: /^Hapus / })
      .click();
    await popup(page).getByRole('button', { name: 'Ya, Hapus' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Gagal Hapus');
    await expect(popup(page).locator('.swal2-html-container')).toContainText('tidak dapat');
  });

  test('each row shows the initial, one letter like the sidebar', async ({ page }) => {
    await openEmployees(page);
    await find(page, 'budi@absensi.local');
    await expect(row(page, 'budi@absensi.local').getByTestId('user-initial')).toHaveText('B');
    await find(page, 'hr@absensi.local');
    await expect(row(page, 'hr@absensi.local').getByTestId('user-initial')).toHaveText('H');
    await find(page, '@absensi.local');
    await expect(page.getByTestId('sidebar-initial')).toHaveText('A');
    const rows = page.getByTestId('employee-row');
    for (let i = 0; i < Math.min(8, await rows.count()); i++) {
      const name = (await rows.nth(i).locator('p.font-medium').first().textContent())!.trim();
      await expect(rows.nth(i).getByTestId('user-initial')).toHaveText(name.charAt(0).toUpperCase());
    }
  });
});
