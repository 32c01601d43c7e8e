import { test, expect, type Page } from '@playwright/test';
import { ADMIN, HR, formReady, loginUi, openAs, registerEmployee } from './fixtures';
import { expectToast, recordPopups } from './support/toasts';

const toast = (page: Page, text: string) => expectToast(page, text);

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

/**
 * Signs in through the API and opens Akun Saya, which the role's menu links to. Opened straight from the
 * server, its buttons (Edit, Keluar dari Akun, the header's Logout) act only once React has hydrated the
 * page: the password form's submit button is enabled from then on.
 */
async function openAccount(page: Page, creds: { email: string; password: string }, area: 'employee' | 'admin' | 'hr') {
  await openAs(page, creds, `/${area}/account`);
  await expect(page.getByRole('heading', { name: 'Pengaturan Akun' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Akun Saya' })).toHaveAttribute('href', `/${area}/account`);
  await formReady(page.getByRole('button', { name: 'Ubah Password' }));
}

test.describe('Akun Saya', () => {
  test('profile: read-only until Edit, Batal resets, save updates the user and reloads', async ({ page, request }) => {
    const emp = await registerEmployee(request, { name: 'Yuni Profil', position: 'Kasir' });
    await openAccount(page, emp, 'employee');
    await expect(page.getByTestId('account-role-badge')).toHaveText('Karyawan');
    await expect(page.getByTestId('account-id-pengguna')).toHaveText(emp.id);
    await expect(page.getByTestId('account-role')).toHaveText('Karyawan');
    const today = new Date().toLocaleDateString('id-ID', { timeZone: 'Asia/Jakarta', day: 'numeric', month: 'long', year: 'numeric' });
    await expect(page.getByTestId('account-bergabung')).toHaveText(today);
    await expect(page.getByText('Tips Keamanan')).toBeVisible();

    const name = page.getByLabel('Nama Lengkap', { exact: true });
    await expect(name).toBeDisabled();
    await page.getByRole('button', { name: 'Edit' }).click();
    await name.fill('Nama Sementara');
    await page.getByRole('button', { name: 'Batal' }).click();
    await expect(name).toHaveValue('Yuni Profil');
    await expect(name).toBeDisabled();

    await page.getByRole('button', { name: 'Edit' }).click();
    await name.fill('');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'Nama lengkap harus diisi');
    await name.fill('Yuni Rahayu');
    await page.getByLabel('Posisi/Jabatan', { exact: true }).fill('Kepala Kasir');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'Profile berhasil diupdate!');
    // The page reloads after 2 s and the shell greets the new name.
    await expect(page.getByText('Selamat Datang, Yuni Rahayu!')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('sidebar-name')).toHaveText('Yuni Rahayu');
    await expect(page.getByLabel('Posisi/Jabatan', { exact: true })).toHaveValue('Kepala Kasir');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(stored.name).toBe('Yuni Rahayu');
  });

  test('password: validation, wrong current password, success keeps this browser signed in, old password no longer works', async ({
    page,
    request,
  }) => {
    const emp = await registerEmployee(request, { name: 'Gilang Sandi' });
    await openAccount(page, emp, 'employee');
    const current = page.getByLabel('Password Saat Ini', { exact: true });
    const next = page.getByLabel('Password Baru', { exact: true });
    const confirm = page.getByLabel('Konfirmasi Password Baru', { exact: true });
    const submit = page.getByRole('button', { name: 'Ubah Password' });

    await current.fill(emp.password);
    await next.fill('123');
    await confirm.fill('123');
    await submit.click();
    await toast(page, 'Password baru minimal 6 karakter');
    await next.fill('GilangBaru9');
    await confirm.fill('GilangBeda9');
    await submit.click();
    await toast(page, 'Password baru dan konfirmasi tidak sama');
    await expect(next).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Tampilkan password baru' }).click();
    await expect(next).toHaveAttribute('type', 'text');

    await current.fill('salah-total');
    await confirm.fill('GilangBaru9');
    await submit.click();
    await toast(page, 'Password saat ini salah');

    await current.fill(emp.password);
    await submit.click();
    await toast(page, 'Password berhasil diubah!');
    await expect(current).toHaveValue('');
    // Still signed in on this browser: the server handed it a fresh session.
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/employee$/);
    await page.reload();
    await expect(page.getByText('Selamat Datang, Gilang Sandi!')).toBeVisible();

    await page.getByRole('button', { name: /Logout/ }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The logout loads the login page afresh: typed before it has hydrated, a value can be lost.
    const signIn = page.getByRole('button', { name: 'Masuk ke Sistem' });
    await formReady(signIn);
    await page.getByLabel('Email', { exact: true }).fill(emp.email);
    await page.getByLabel('Password', { exact: true }).fill(emp.password);
    await signIn.click();
    await expect(page.getByTestId('login-error')).toHaveText('Email atau password salah');
    await loginUi(page, { email: emp.email, password: 'GilangBaru9' }, /\/employee$/);
  });

  test('admin and HR see their own role; logout from the account page', async ({ page, browser }) => {
    await openAccount(page, ADMIN, 'admin');
    await expect(page.getByTestId('account-role-badge')).toHaveText('Administrator');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(ADMIN.email);

    const hrContext = await browser.newContext();
    const hr = await hrContext.newPage();
    await openAccount(hr, HR, 'hr');
    await expect(hr.getByTestId('account-role-badge')).toHaveText('HR');
    await hr.getByRole('button', { name: 'Keluar dari Akun' }).click();
    await expect(hr).toHaveURL(/\/login$/);
    await hrContext.close();
  });

  test('logout is one tap, no confirmation, from the header and from Akun Saya; the session ends', async ({ page, request }) => {
    const emp = await registerEmployee(request, { name: 'Sekali Ketuk' });
    const asked: string[] = [];
    page.on('dialog', (d) => void d.dismiss().then(() => asked.push(d.message())));
    // The header's Logout button.
    await openAccount(page, emp, 'employee');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/employee');
    await expect(page).toHaveURL(/\/login$/);
    // Akun Saya's button.
    await openAccount(page, emp, 'employee');
    await page.getByRole('button', { name: 'Keluar dari Akun' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await expect(page.getByText('Apakah Anda yakin ingin keluar?')).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test('the avatar shows the initial, one letter like the sidebar', async ({ page, request }) => {
    const emp = await registerEmployee(request, { name: 'wulan Sari Dewi' });
    await openAccount(page, emp, 'employee');
    await expect(page.getByTestId('user-initial')).toHaveText('W');
    await expect(page.getByTestId('sidebar-initial')).toHaveText('W');
  });
});
