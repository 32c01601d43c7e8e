import { test, expect, type Page, type Locator } from '@playwright/test';
import { ADMIN, openAs, registerEmployee } from './fixtures';
import { expectToast, recordPopups } from './support/toasts';

/** Date key `days` from today in the office timezone (the demo office is in Asia/Jakarta). */
function officeDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday at least `days` from today: leave lengths count working days (docs/leave.md). */
function monday(days: number): string {
  const d = new Date(`${officeDay(days)}T00:00:00Z`);
  while (d.getUTCDay() !== 1 || ['2026-12-21', '2026-12-28'].includes(d.toISOString().slice(0, 10))) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const plus = (key: string, n: number) => new Date(Date.parse(`${key}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const toast = (page: Page, text: string) => expectToast(page, text);

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});
const popup = (page: Page) => page.locator('.swal2-popup:not(.swal2-toast)');

async function statValues(page: Page) {
  const read = async (key: string) => Number(await page.getByTestId(`leave-stat-${key}`).getByTestId('leave-stat-value').innerText());
  return { total: await read('total'), approved: await read('approved'), pending: await read('pending'), rejected: await read('rejected') };
}

async function fillForm(dialog: Locator, v: { type?: string; start?: string; end?: string; reason?: string }) {
  if (v.type !== undefined) await dialog.getByLabel('Jenis Cuti').selectOption(v.type);
  if (v.start !== undefined) await dialog.getByLabel('Dari Tanggal').fill(v.start);
  if (v.end !== undefined) await dialog.getByLabel('Sampai Tanggal').fill(v.end);
  if (v.reason !== undefined) await dialog.getByLabel('Alasan').fill(v.reason);
}

async function applyLeave(page: Page, v: { type: string; start: string; end: string; reason: string }) {
  await page.getByRole('button', { name: 'Ajukan Cuti' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajukan Cuti' });
  await fillForm(dialog, v);
  await dialog.getByRole('button', { name: 'Ajukan', exact: true }).click();
  await expect(popup(page).getByRole('heading', { name: 'Pengajuan Berhasil!' })).toBeVisible();
  await expect(popup(page)).toContainText('Pengajuan cuti Anda telah berhasil dikirim dan sedang menunggu persetujuan.');
  await popup(page).getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Pengajuan Cuti', () => {
  test('the form shows each validation message, and cancelling asks first then clears it', async ({ page, request }) => {
    const emp = await registerEmployee(request, { name: 'Wati Validasi' });
    await openAs(page, emp, '/employee/leave');
    await expect(page.getByRole('heading', { name: 'Pengajuan Cuti' })).toBeVisible();
    // The empty list shows once the page's own request has answered: the page has hydrated, so the
    // clicks below are not lost.
    await expect(page.getByText('Belum ada pengajuan', { exact: true })).toBeVisible();
    expect(await statValues(page)).toEqual({ total: 0, approved: 0, pending: 0, rejected: 0 });

    await page.getByRole('button', { name: 'Ajukan Cuti' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajukan Cuti' });
    await expect(dialog.getByLabel('Jenis Cuti')).toHaveValue('cuti');
    await expect(dialog.getByLabel('Dari Tanggal')).toHaveAttribute('min', officeDay(0));
    await expect(dialog.getByLabel('Sampai Tanggal')).toHaveAttribute('min', officeDay(0));
    const submit = dialog.getByRole('button', { name: 'Ajukan', exact: true });

    await submit.click();
    await toast(page, 'Tanggal mulai harus diisi');
    await fillForm(dialog, { start: officeDay(5) });
    await expect(dialog.getByLabel('Sampai Tanggal')).toHaveAttribute('min', officeDay(5));
    await submit.click();
    await toast(page, 'Tanggal selesai harus diisi');
    await fillForm(dialog, { start: officeDay(-1), end: officeDay(2) });
    await submit.click();
    await toast(page, 'Tanggal mulai tidak boleh sebelum hari ini');
    await fillForm(dialog, { start: officeDay(5), end: officeDay(4) });
    await submit.click();
    await toast(page, 'Tanggal selesai tidak boleh sebelum tanggal mulai');
    await fillForm(dialog, { end: officeDay(6) });
    await submit.click();
    await toast(page, 'Alasan cuti harus diisi');
    await fillForm(dialog, { reason: '   pendek    ' });
    await submit.click();
    await toast(page, 'Alasan cuti minimal 10 karakter');
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Batal' }).click();
    await expect(popup(page).getByRole('heading', { name: 'Batalkan Pengajuan?' })).toBeVisible();
    await popup(page).getByRole('button', { name: 'Lanjutkan Mengisi' }).click();
    await expect(dialog.getByLabel('Alasan')).toHaveValue('   pendek    ');
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await popup(page).getByRole('button', { name: 'Ya, Batalkan' }).click();
    await toast(page, 'Pengajuan dibatalkan');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Ajukan Cuti' }).click();
    await expect(dialog.getByLabel('Alasan')).toHaveValue('');
    await expect(dialog.getByLabel('Dari Tanggal')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await expect(dialog).toBeHidden();
    await expect(popup(page)).toHaveCount(0);
    expect(await statValues(page)).toEqual({ total: 0, approved: 0, pending: 0, rejected: 0 });
  });

  test('an employee applies twice, an admin approves one and rejects the other, the employee sees both', async ({
    page,
    browser,
    request,
  }) => {
    const name = `Rudi Cuti ${Date.now() % 100000}`;
    const emp = await registerEmployee(request, { name, position: 'Analis Data' });
    // Unpaid leave Monday to Wednesday (3 working days, no balance or letter needed); family leave a Wednesday later.
    const week = monday(3);
    const first = { type: 'lainnya', start: week, end: plus(week, 2), reason: 'Operasi kecil dan pemulihan di rumah' };
    const second = { type: 'keluarga', start: plus(week, 9), end: plus(week, 9), reason: 'Menghadiri wisuda adik di Malang' };

    await openAs(page, emp, '/employee/leave');
    await expect(page.getByText('Belum ada pengajuan', { exact: true })).toBeVisible();
    await applyLeave(page, first);
    await expect(page.getByTestId('leave-item')).toHaveCount(1);
    await applyLeave(page, second);
    await expect(page.getByTestId('leave-item')).toHaveCount(2);
    await expect.poll(() => statValues(page)).toEqual({ total: 2, approved: 0, pending: 2, rejected: 0 });
    const newest = page.getByTestId('leave-item').first();
    await expect(newest).toContainText('Keluarga');
    await expect(newest).toContainText('(1 hari)');
    await expect(newest.getByTestId('leave-status')).toHaveText('Menunggu');
    await expect(page.getByTestId('leave-item').nth(1)).toContainText('(3 hari)');

    // An overlapping request is refused by the server; the dialog shows its reason.
    await page.getByRole('button', { name: 'Ajukan Cuti' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajukan Cuti' });
    await fillForm(dialog, { start: plus(week, 2), end: plus(week, 4), reason: 'Perpanjangan masa pemulihan' });
    await dialog.getByRole('button', { name: 'Ajukan', exact: true }).click();
    await expect(popup(page).getByRole('heading', { name: 'Pengajuan Gagal' })).toBeVisible();
    await expect(popup(page)).toContainText('bertabrakan');
    await popup(page).getByRole('button', { name: 'OK' }).click();
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await popup(page).getByRole('button', { name: 'Ya, Batalkan' }).click();
    await expect(page.getByTestId('leave-item')).toHaveCount(2);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminPopups = await recordPopups(admin);
    await openAs(admin, ADMIN, '/admin/reports');
    await expect(admin.getByRole('heading', { name: 'Pengajuan Cuti', exact: true })).toBeVisible();
    const pendingCount = admin.getByTestId('leave-pending-count');
    const refresh = admin.getByRole('button', { name: 'Refresh' });
    await expect(refresh).toBeEnabled();
    // Refresh reloads only the leave list and announces the pending requests. The count is the whole
    // company's: other specs file and decide requests meanwhile, so the figure is read from this refresh.
    // Opening the page announces them too (once its own "loaded" toast has gone).
    const announced = /^(\d+) pengajuan cuti menunggu persetujuan$/;
    await adminPopups.toast(announced, { icon: 'info' });
    await refresh.click();
    const pendingBefore = Number(announced.exec((await adminPopups.toast(announced, { icon: 'info' })).title)![1]);
    await expect(refresh).toBeEnabled();
    await expect(pendingCount).toHaveText(`${pendingBefore} menunggu`);
    expect(pendingBefore).toBeGreaterThanOrEqual(2);
    const item = (reason: string) => admin.getByTestId('leave-approval-item').filter({ hasText: name }).filter({ hasText: reason });
    const firstItem = item(first.reason);
    await expect(firstItem).toContainText('Analis Data');
    await expect(firstItem).toContainText('(3 hari)');
    await expect(firstItem).toContainText('Izin Tanpa Upah');
    await expect(firstItem).toContainText('Diajukan:');

    await firstItem.getByRole('button', { name: 'Setujui' }).click();
    await expect(popup(admin).getByRole('heading', { name: 'Setujui Pengajuan' })).toBeVisible();
    await popup(admin).getByRole('button', { name: 'Ya, Setujui' }).click();
    await expect(popup(admin).getByRole('heading', { name: 'Pengajuan Disetujui' })).toBeVisible();
    await expect(popup(admin)).toContainText(`Pengajuan cuti dari ${name} berhasil disetujui`);
    await popup(admin).getByRole('button', { name: 'OK' }).click();
    await expect(firstItem.getByTestId('leave-status')).toHaveText('Disetujui');
    await expect(firstItem.getByRole('button', { name: 'Setujui' })).toHaveCount(0);
    await expect(firstItem).toContainText('oleh Admin Absensi');
    await expect(pendingCount).toHaveText(`${pendingBefore - 1} menunggu`);

    const secondItem = item(second.reason);
    await secondItem.getByRole('button', { name: 'Tolak' }).click();
    // A rejection carries its reason: the dialog refuses an empty one.
    await popup(admin).getByRole('button', { name: 'Ya, Tolak' }).click();
    await expect(popup(admin)).toContainText('Alasan penolakan harus diisi');
    await popup(admin).getByRole('textbox', { name: 'Alasan (wajib)' }).fill('Tim sedang audit tahunan');
    await popup(admin).getByRole('button', { name: 'Ya, Tolak' }).click();
    await expect(popup(admin).getByRole('heading', { name: 'Pengajuan Ditolak' })).toBeVisible();
    await expect(popup(admin)).toContainText(`Pengajuan cuti dari ${name} telah ditolak`);
    await popup(admin).getByRole('button', { name: 'OK' }).click();
    await expect(secondItem.getByTestId('leave-status')).toHaveText('Ditolak');
    await expect(secondItem.getByRole('button', { name: 'Tolak' })).toHaveCount(0);
    await expect(pendingCount).toHaveText(`${pendingBefore - 2} menunggu`);

    // The decisions are stored: a Refresh shows the same.
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await expect(item(first.reason).getByTestId('leave-status')).toHaveText('Disetujui');
    await expect(item(second.reason).getByTestId('leave-status')).toHaveText('Ditolak');
    await adminContext.close();

    await page.reload();
    await expect.poll(() => statValues(page)).toEqual({ total: 2, approved: 1, pending: 0, rejected: 1 });
    const mine = page.getByTestId('leave-item');
    await expect(mine.filter({ hasText: first.reason }).getByTestId('leave-status')).toHaveText('Disetujui');
    await expect(mine.filter({ hasText: second.reason }).getByTestId('leave-status')).toHaveText('Ditolak');
    await expect(mine.filter({ hasText: first.reason })).toContainText('oleh Admin Absensi');
  });
});
