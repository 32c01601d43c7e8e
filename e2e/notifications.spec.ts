// Nobody has to remember to look (docs/notifications.md): an employee applies for leave in the browser,
// the supervisor's bell shows it and the e-mail reaches an SMTP server this spec starts (the e2e server
// sends to it: scripts/e2e-server.mjs, E2E_SMTP_PORT); the supervisor refuses it with a reason, and the
// employee's bell and inbox say so, reason included. An activation link sent from Kelola Karyawan's Undang
// dialog arrives by mail once and activates the account (docs/onboarding.md). Every wait is on what the page or the mailbox shows:
// the job worker delivers within seconds, later on a busy machine.
import { test, expect, type Browser, type Page } from '@playwright/test';
import { ADMIN, loginUi, registerEmployee } from './fixtures';
import { apiToken, bearer, workdaysAhead } from './admin-helpers';
import { recordPopups } from './support/toasts';
import { TestSmtp, type Mail } from '../tests/transports';

const port = Number(process.env.E2E_PORT || 3100);
const smtp = new TestSmtp();
smtp.port = Number(process.env.E2E_SMTP_PORT || port + 1000);

test.beforeAll(async () => {
  await smtp.start();
});
test.afterAll(async () => {
  await smtp.stop();
});

const popup = (page: Page) => page.locator('.swal2-popup:not(.swal2-toast)');
/** Quoted-printable undone (long lines of the text part are wrapped with '=' and non-ASCII is =XX). */
const plain = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
/** The mails to `to` whose subject has `subject`, once at least one has arrived. */
async function mailTo(to: string, subject: string): Promise<Mail[]> {
  const mine = () => smtp.mails.filter((m) => m.to === to && m.subject.includes(subject));
  await expect.poll(() => mine().length, { timeout: 90_000 }).toBeGreaterThan(0);
  return mine();
}
async function signedIn(browser: Browser, who: { email: string; password: string }, area = /\/employee$/) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await recordPopups(page);
  await loginUi(page, who, area);
  return { context, page };
}
/**
 * Opens the bell once it holds an item titled `title`: the bell reads the inbox when a page loads and when
 * it is opened, so each look reloads the page (the worker may still be writing on a busy machine).
 */
async function bellItem(page: Page, title: string) {
  const bell = page.getByRole('button', { name: /^Notifikasi/ });
  const item = page.getByRole('dialog', { name: 'Notifikasi' }).getByRole('listitem').filter({ hasText: title });
  await expect(async () => {
    await page.reload();
    await expect(bell).toHaveAccessibleName(/^Notifikasi, \d+ belum dibaca$/, { timeout: 5_000 });
    await bell.click();
    await expect(item).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  return item;
}

test('a leave reaches the supervisor (bell and e-mail); the refusal and its reason reach the employee', async ({ browser, request }) => {
  const stamp = Date.now() % 100000;
  const boss = await registerEmployee(request, { name: `Rina Atasan ${stamp}` });
  const member = await registerEmployee(request, { name: `Agus Anggota ${stamp}` });
  const edit = await request.put(`/api/users/${member.id}`, {
    headers: bearer(await apiToken(request, ADMIN)),
    data: { name: member.name, email: member.email, position: member.position, role: 'employee', supervisorId: boss.id },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  const day = await workdaysAhead(request, member.token, 14);

  // The employee applies in the browser.
  const emp = await signedIn(browser, member);
  await emp.page.goto('/employee/leave');
  await emp.page.getByRole('button', { name: 'Ajukan Cuti' }).click();
  const form = emp.page.getByRole('dialog', { name: 'Ajukan Cuti' });
  await form.getByLabel('Jenis Cuti').selectOption('lainnya');
  await form.getByLabel('Dari Tanggal').fill(day);
  await form.getByLabel('Sampai Tanggal').fill(day);
  await form.getByLabel('Alasan').fill('Mengantar orang tua berobat ke rumah sakit');
  await form.getByRole('button', { name: 'Ajukan', exact: true }).click();
  await expect(popup(emp.page).getByRole('heading', { name: 'Pengajuan Berhasil!' })).toBeVisible();
  await popup(emp.page).getByRole('button', { name: 'OK' }).click();

  // The supervisor: the bell counts it, the item says who and why and leads to Persetujuan Tim.
  const sup = await signedIn(browser, boss);
  const item = await bellItem(sup.page, 'Pengajuan cuti menunggu keputusan Anda');
  await expect(item).toContainText(`${member.name} mengajukan`);
  await expect(item).toContainText('Mengantar orang tua berobat ke rumah sakit');
  // The same news by e-mail, once.
  const bossMail = await mailTo(boss.email, 'Pengajuan cuti menunggu keputusan Anda');
  expect(bossMail).toHaveLength(1);
  expect(plain(bossMail[0]!.raw)).toContain(`http://127.0.0.1:${port}/employee/team`);

  await item.getByRole('link').click();
  await expect(sup.page).toHaveURL(/\/employee\/team/);
  const request1 = sup.page.getByTestId('leave-approval-item').filter({ hasText: member.name });
  await request1.getByRole('button', { name: 'Tolak' }).click();
  await popup(sup.page).getByRole('textbox', { name: 'Alasan (wajib)' }).fill('Tim sedang stok opname akhir bulan');
  await popup(sup.page).getByRole('button', { name: 'Ya, Tolak' }).click();
  await expect(popup(sup.page).getByRole('heading', { name: 'Pengajuan Ditolak' })).toBeVisible();
  await popup(sup.page).getByRole('button', { name: 'OK' }).click();

  // The employee: the decision with its reason, in the bell and by e-mail.
  const decided = await bellItem(emp.page, 'Anda ditolak');
  await expect(decided).toContainText(`ditolak oleh ${boss.name}`);
  await expect(decided).toContainText('Tim sedang stok opname akhir bulan');
  const empMail = await mailTo(member.email, 'ditolak');
  expect(empMail).toHaveLength(1);
  expect(plain(empMail[0]!.raw)).toContain('Tim sedang stok opname akhir bulan');
  await Promise.all([emp.context.close(), sup.context.close()]);
});

test('HR sends an activation link from Undang: it reaches the mailbox once and activates the account', async ({ browser, request }) => {
  const stamp = Date.now() % 100000;
  const person = await registerEmployee(request, { name: `Wulan Undangan ${stamp}` });
  const { context, page } = await signedIn(browser, ADMIN, /\/admin$/);
  await page.goto('/admin/employees');
  await page.getByPlaceholder('Cari karyawan...').fill(person.email);
  const row = page.getByTestId('employee-row').filter({ hasText: person.name });
  await row.getByRole('button', { name: `Undang ${person.name}: tautan aktivasi` }).click();
  await popup(page).getByRole('button', { name: 'Ya, Buat' }).click();
  const sheet = page.getByTestId('invite-sheet');
  const shown = (await sheet.getByTestId('invite-link').textContent())!.trim();

  // Sending makes a new link (the shown one stops working) and says where it went.
  await sheet.getByRole('button', { name: 'Kirim lewat e-mail / WhatsApp' }).click();
  await expect(sheet.getByTestId('invite-sent')).toHaveText(
    new RegExp(`^Dikirim lewat e-mail \\(${person.email.replace(/\./g, '\\.')}\\)`),
  );
  await expect(sheet.getByTestId('invite-link')).not.toHaveText(shown);
  const sent = (await sheet.getByTestId('invite-link').textContent())!.trim();

  const mails = await mailTo(person.email, 'Aktifkan akun Absensi Anda');
  expect(mails).toHaveLength(1);
  const text = Buffer.from(plain(mails[0]!.raw), 'latin1').toString('utf8');
  expect(text).toContain(`Halo ${person.name}, akun Absensi Anda sudah dibuat`);
  expect(text).toMatch(/berlaku sampai .+ WIB dan hanya sekali pakai/);
  expect(text).toContain(sent);

  // The person opens the mailed link in their own browser and sets a password; the first link does nothing.
  const own = await browser.newContext();
  const tab = await own.newPage();
  await tab.goto(sent);
  await tab.getByLabel('Password Baru').fill('PasswordWulan1');
  await tab.getByLabel('Konfirmasi Password').fill('PasswordWulan1');
  await tab.getByRole('button', { name: 'Aktifkan Akun' }).click();
  await expect(tab.getByRole('status')).toHaveText('Akun Anda aktif. Silakan masuk dengan email dan password baru Anda.');
  await tab.goto(shown);
  await tab.getByLabel('Password Baru').fill('PasswordWulan2');
  await tab.getByLabel('Konfirmasi Password').fill('PasswordWulan2');
  await tab.getByRole('button', { name: 'Aktifkan Akun' }).click();
  // (Next's route announcer is an empty alert of its own.)
  await expect(tab.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('Tautan aktivasi tidak valid. Minta tautan baru ke HR.');
  await Promise.all([context.close(), own.close()]);
});
