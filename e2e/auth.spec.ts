import { test, expect } from '@playwright/test';
import { ADMIN, ADMIN_TOKEN, formReady, loginUi, registerEmployee, uniqueEmail } from './fixtures';
import { expectToast, recordPopups } from './support/toasts';

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

test.describe('login', () => {
  test('shows each validation message in order and blocks the submit', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Masuk ke Akun' })).toBeVisible();
    await expect(page.getByText('Sistem Absensi Karyawan Modern')).toBeVisible();
    await expect(page.getByText('Versi 1.0.0')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Masuk ke Sistem' });
    await submit.click();
    await expectToast(page, 'Email harus diisi');
    await page.getByLabel('Email', { exact: true }).fill('bukan-email');
    await submit.click();
    await expectToast(page, 'Password harus diisi');
    await page.getByLabel('Password', { exact: true }).fill('apa saja');
    await submit.click();
    await expectToast(page, 'Format email tidak valid');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('wrong password shows the mapped inline error, and typing clears it', async ({ page }) => {
    await page.goto('/login');
    await formReady(page.getByRole('button', { name: 'Masuk ke Sistem' }));
    await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('salah-password');
    await page.getByRole('button', { name: 'Masuk ke Sistem' }).click();
    const box = page.getByTestId('login-error-box');
    await expect(box).toContainText('Email atau password salah');
    await expect(box).toContainText('Periksa kembali email dan password Anda');
    await page.getByLabel('Password', { exact: true }).press('End');
    await page.getByLabel('Password', { exact: true }).pressSequentially('x');
    await expect(page.getByTestId('login-error-box')).toHaveCount(0);
  });

  test('the seeded admin lands in /admin with the admin shell', async ({ page }) => {
    await loginUi(page, ADMIN, /\/admin$/);
    await expect(page.getByText('Selamat Datang, Admin Absensi!')).toBeVisible();
    await expect(page.getByText('Administrator Panel')).toBeVisible();
    const nav = page.getByRole('navigation');
    for (const label of ['Dashboard', 'Kelola Karyawan', 'Riwayat Absensi', 'Laporan', 'Pengaturan Kantor', 'Akun Saya']) {
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Kelola Karyawan' }).click();
    await expect(page).toHaveURL(/\/admin\/employees$/);
    await expect(nav.getByRole('link', { name: 'Kelola Karyawan' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('an employee typing /admin ends up in /employee; logout returns to /login and guards the area', async ({ page, request }) => {
    const emp = await registerEmployee(request, { name: 'Tono Guard' });
    await loginUi(page, emp, /\/employee$/);
    await expect(page.getByText('Employee Dashboard')).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/employee$/);
    await page.goto('/hr/reports');
    await expect(page).toHaveURL(/\/employee$/);
    await page.getByRole('button', { name: /Logout/ }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/employee');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('register', () => {
  test('shows each validation message', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Buat Akun Baru' })).toBeVisible();
    await expect(page.getByText('Tentang Admin Token')).toBeVisible();
    await expect(page.getByText('Hanya diisi jika ingin membuat akun administrator')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Daftar Sekarang' });
    await formReady(submit);
    const toast = (text: string) => expectToast(page, text);
    await submit.click();
    await toast('Nama lengkap harus diisi');
    await page.getByLabel('Nama Lengkap', { exact: true }).fill('Dina');
    await submit.click();
    await toast('Email harus diisi');
    await page.getByLabel('Email', { exact: true }).fill('dina');
    await submit.click();
    await toast('Format email tidak valid');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('dina'));
    await submit.click();
    await toast('Posisi harus diisi');
    await page.getByLabel('Posisi/Jabatan', { exact: true }).fill('Kasir');
    await submit.click();
    await toast('Password harus diisi');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Konfirmasi Password', { exact: true }).fill('54321');
    await submit.click();
    await toast('Password dan konfirmasi password tidak sama');
    await page.getByLabel('Konfirmasi Password', { exact: true }).fill('12345');
    await submit.click();
    await toast('Password minimal 6 karakter');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('registers an employee who lands in /employee, then can log in again', async ({ page }) => {
    const email = uniqueEmail('reg');
    await page.goto('/register');
    await formReady(page.getByRole('button', { name: 'Daftar Sekarang' }));
    await page.getByLabel('Nama Lengkap', { exact: true }).fill('Sari Register');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Posisi/Jabatan', { exact: true }).fill('Software Developer');
    await page.getByLabel('Password', { exact: true }).fill('rahasia1');
    await page.getByLabel('Konfirmasi Password', { exact: true }).fill('rahasia1');
    await page.getByRole('button', { name: 'Tampilkan password' }).first().click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Daftar Sekarang' }).click();
    await expect(page).toHaveURL(/\/employee$/, { timeout: 20_000 });
    await expect(page.getByText('Selamat Datang, Sari Register!')).toBeVisible();
    await page.context().clearCookies();
    await loginUi(page, { email, password: 'rahasia1' }, /\/employee$/);
  });

  test('with the admin token shows the admin alert and lands in /admin', async ({ page }) => {
    await page.goto('/register');
    await formReady(page.getByRole('button', { name: 'Daftar Sekarang' }));
    await page.getByLabel('Nama Lengkap', { exact: true }).fill('Admin Baru');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('adm'));
    await page.getByLabel('Posisi/Jabatan', { exact: true }).fill('IT');
    await page.getByLabel('Password', { exact: true }).fill('rahasia1');
    await page.getByLabel('Konfirmasi Password', { exact: true }).fill('rahasia1');
    await page.getByLabel('Admin Token (Opsional)', { exact: true }).fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Daftar Sekarang' }).click();
    await expect(page.getByText('Akun admin berhasil dibuat! 🎉')).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
  });
});
