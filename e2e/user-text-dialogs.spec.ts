// No user text reaches an HTML sink: an employee whose name is markup is shown as those characters in
// every dialog and toast that names them (face reset, password reset, leave approval, deletion, the
// welcome toast), and the markup never runs (lib/ui/alerts.ts passes text only).
import { test, expect, type Page } from '@playwright/test';
import { ADMIN, formReady, loginUi, registerEmployee, enrolFaceViaApi, employeeListReady } from './fixtures';
import { bearer, todayJakarta } from './admin-helpers';
import { addDays } from '../lib/dates';
import { expectToast, recordPopups } from './support/toasts';

const tag = Math.random().toString(36).slice(2, 7);
const NAME = `<img src=x onerror="window.__xss=1"><b>Eko ${tag}</b>`;

const popup = (page: Page) => page.locator('.swal2-popup:not(.swal2-toast)');

/** The dialog shows `text` literally, and no element came from the name's markup. */
async function expectLiteral(page: Page, box: ReturnType<typeof popup>, text: string) {
  await expect(box).toContainText(text);
  await expect(page.locator('.swal2-container [onerror], .swal2-container img[src="x"], .swal2-container b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

/** The same for a toast, from the page's record (a toast may be gone by the time the test looks). */
async function expectLiteralToast(page: Page, text: string) {
  const shown = await expectToast(page, text);
  expect(shown.elements).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

test('a name with markup is text in every dialog and toast that shows it', async ({ page, request, browser }) => {
  await recordPopups(page);
  const emp = await registerEmployee(request, { name: NAME });
  await enrolFaceViaApi(request, emp.token);
  const start = addDays(todayJakarta(), 12);
  const applied = await request.post('/api/leaves/apply', {
    headers: bearer(emp.token),
    // Unpaid leave over a week: a new employee has no annual-leave balance, and a week holds a working day.
    data: { userId: emp.id, type: 'lainnya', startDate: start, endDate: addDays(start, 6), reason: 'Acara keluarga di kampung' },
  });
  expect(applied.status(), await applied.text()).toBe(201);

  // The employee's own welcome toast.
  const own = await browser.newPage();
  await recordPopups(own);
  await own.goto('/login');
  await formReady(own.getByRole('button', { name: 'Masuk ke Sistem' }));
  await own.getByLabel('Email', { exact: true }).fill(emp.email);
  await own.getByLabel('Password', { exact: true }).fill(emp.password);
  await own.getByRole('button', { name: 'Masuk ke Sistem' }).click();
  // Shown for the 1.5 s before the redirect.
  await expectLiteralToast(own, `Selamat datang, ${NAME}!`);
  await expect(own).toHaveURL(/\/employee$/);
  await own.close();

  await loginUi(page, ADMIN, /\/admin$/);
  // Leave approval: confirmation and result.
  await page.goto('/admin/reports');
  const item = page.getByTestId('leave-approval-item').filter({ hasText: `Eko ${tag}` });
  await expect(item).toContainText(NAME);
  await item.getByRole('button', { name: 'Setujui' }).click();
  await expectLiteral(page, popup(page), `Setujui pengajuan cuti dari ${NAME}?`);
  await page.getByRole('button', { name: 'Ya, Setujui' }).click();
  await expectLiteral(page, popup(page), `Pengajuan cuti dari ${NAME} berhasil disetujui`);
  await popup(page).getByRole('button', { name: 'OK' }).click();

  await page.goto('/admin/employees');
  await employeeListReady(page);
  // The list pages on the server: the employee is found through the search box.
  await page.getByPlaceholder('Cari karyawan...').fill(emp.email);
  const row = page.getByTestId('employee-row').filter({ hasText: emp.email });
  await expect(row).toContainText(NAME);
  // Face reset: confirmation and toast.
  await row.getByRole('button', { name: `Wajah ${NAME}` }).click();
  await page.getByRole('button', { name: 'Reset Wajah' }).click();
  await expectLiteral(page, popup(page), `Reset pendaftaran wajah ${NAME}?`);
  await page.getByRole('button', { name: 'Ya, Reset' }).click();
  await expectLiteralToast(page, `Pendaftaran wajah ${NAME} berhasil direset`);
  await page.getByRole('button', { name: 'Tutup dialog' }).click();
  // Password reset: confirmation and result.
  await row.getByRole('button', { name: `Reset password ${NAME}` }).click();
  await expectLiteral(page, popup(page), `Reset password ${NAME}`);
  await page.getByRole('button', { name: 'Ya, Reset' }).click();
  await expectLiteral(page, popup(page), `Password ${NAME} berhasil direset`);
  await popup(page).getByRole('button', { name: 'OK' }).click();
  // Deletion: confirmation and result.
  await row.getByRole('button', { name: `Hapus ${NAME}` }).click();
  await expectLiteral(page, popup(page), `menghapus karyawan ${NAME}?`);
  await page.getByRole('button', { name: 'Ya, Hapus' }).click();
  // The result is a toast now (a routine save: savedToast in lib/ui/alerts.ts), its name as text.
  const deleted = await expectToast(page, 'Berhasil Hapus');
  expect(deleted.text).toBe(`Karyawan ${NAME} berhasil dihapus`);
  expect(deleted.elements).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
