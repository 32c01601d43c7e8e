// HR acts for people and nothing stalls (docs/leave.md, "On behalf", "Nothing stalls"): HR files an
// employee's sick day of the last working day with a doctor's letter from Persetujuan, and the employee
// sees who filed it and the decision's note; a supervisor on approved leave names a delegate, who decides the
// team's request in the supervisor's place; the Lembur tab approves two at once and rejects one only with its reason.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, HR, openAs, registerEmployee } from './fixtures';
import { apiToken, bearer, lastWorkday, todayJakarta, workdaysAhead } from './admin-helpers';
import { expectToast, recordPopups } from './support/toasts';
import { pickPerson } from './support/person-picker';

const popup = (page: Page) => page.locator('.swal2-popup:not(.swal2-toast)');
const plus = (key: string, n: number) => new Date(Date.parse(`${key}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Serious and critical axe violations (WCAG 2.1 A/AA) of what the page shows now, toasts aside (as e2e/a11y.spec.ts). */
async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.swal2-toast')
    .analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

test('HR files a sick day with a doctor’s letter for an employee, who sees who filed it', async ({ page, browser, request }) => {
  const name = `Wulan Sakit ${Date.now() % 100000}`;
  const emp = await registerEmployee(request, { name });
  // The last working day before today (within Sakit's 7-day window).
  const admin = await apiToken(request, ADMIN);
  const day = await lastWorkday(request, admin);
  // Joined a month ago: an account made today has no working day before today (its join date).
  const joined = await request.put(`/api/users/${emp.id}`, {
    headers: bearer(admin),
    data: { name: emp.name, email: emp.email, position: emp.position, role: 'employee', joinDate: plus(day, -30) },
  });
  expect(joined.status(), await joined.text()).toBe(200);

  await openAs(page, HR, '/hr/approvals');
  await expect(page.getByRole('heading', { name: 'Persetujuan' })).toBeVisible();
  await pickPerson(page, 'Karyawan', name);
  // The form's list of leave types is held back until the form is filled: until it comes, a type's own
  // rules are unknown (Sakit may start days back, the defaults may not), so Ajukan waits for it. A click
  // before it once met the defaults' "no earlier than today" and sent nothing.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/leave-types', async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
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
  const apply = dialog.getByRole('button', { name: 'Ajukan', exact: true });
  await expect(apply).toBeDisabled();
  release();
  await expect(apply).toBeEnabled();
  await page.unroute('**/api/leave-types');
  await apply.click();
  await expect(popup(page).getByRole('heading', { name: 'Pengajuan Berhasil!' })).toBeVisible();
  await expect(popup(page)).toContainText(`Pengajuan cuti atas nama ${name} telah dikirim`);
  await popup(page).getByRole('button', { name: 'OK' }).click();

  const item = page.getByTestId('inbox-leave').filter({ hasText: name });
  await expect(item).toContainText('Diajukan oleh Hana Rahmawati atas nama karyawan');
  await expect(item.getByRole('link', { name: 'Lihat lampiran' })).toBeVisible();

  // The employee sees it at once, waiting.
  const context = await browser.newContext();
  const own = await context.newPage();
  await openAs(own, emp, '/employee/leave');
  const mine = own.getByTestId('leave-item').first();
  await expect(mine).toContainText('Sakit');
  await expect(mine.getByTestId('leave-filed-by')).toHaveText('Diajukan oleh HR/Admin Hana Rahmawati atas nama Anda');
  await expect(mine.getByTestId('leave-status')).toHaveText('Menunggu');

  // It is decided in the inbox, with a note the employee reads.
  await item.getByRole('button', { name: 'Setujui' }).click();
  await popup(page).locator('textarea').fill('Surat dokter diterima');
  await popup(page).getByRole('button', { name: 'Ya, Setujui' }).click();
  await expect(popup(page).getByRole('heading', { name: 'Pengajuan Disetujui' })).toBeVisible();
  await popup(page).getByRole('button', { name: 'OK' }).click();
  // Menunggu is the default filter: a decided request leaves it.
  await expect(item).toHaveCount(0);
  await page.getByRole('tabpanel').getByLabel('Status').selectOption({ label: 'Disetujui' });
  await expect(item).toContainText('HR/Admin: disetujui oleh Hana Rahmawati — Surat dokter diterima');

  await own.reload();
  await expect(mine.getByTestId('leave-status')).toHaveText('Disetujui');
  await expect(mine.getByTestId('leave-notes')).toHaveText('Catatan dari Hana Rahmawati: Surat dokter diterima');
  await context.close();
});

test('a supervisor on approved leave names a delegate, who decides the team’s request in the supervisor’s place', async ({
  page,
  browser,
  request,
}) => {
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
  // The supervisor is on approved leave today (to the next working day, so the range has one whatever today is).
  const away = await request.post('/api/leaves/apply', {
    headers: bearer(boss.token),
    data: {
      type: 'lainnya',
      startDate: todayJakarta(),
      endDate: await workdaysAhead(request, boss.token, 0),
      reason: 'Urusan keluarga di luar kota',
    },
  });
  expect(away.status(), await away.text()).toBe(201);
  const approved = await request.put(`/api/leaves/${(await away.json()).id}/status`, {
    headers: bearer(admin),
    data: { status: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const start = await workdaysAhead(request, member.token, 14);
  const applied = await request.post('/api/leaves/apply', {
    headers: bearer(member.token),
    data: { type: 'lainnya', startDate: start, endDate: start, reason: 'Mengurus dokumen kependudukan' },
  });
  expect(applied.status()).toBe(201);
  const leaveId = (await applied.json()).id as string;
  const routing = async () => {
    const res = await request.get('/api/leaves/all?page=1&limit=50&status=pending', { headers: bearer(admin) });
    return ((await res.json()) as { id: string; routing: Record<string, unknown> }[]).find((l) => l.id === leaveId)?.routing;
  };
  // No delegate yet: the step is HR's while the supervisor is away.
  expect(await routing()).toMatchObject({ supervisorAway: true, delegateName: null });

  // The supervisor names the delegate for a week on Persetujuan Tim.
  await openAs(page, boss, '/employee/team');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Persetujuan Tim' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Tunjuk pengganti' });
  await pickPerson(form, 'Pengganti', delegate.name);
  await form.getByLabel('Dari Tanggal').fill(todayJakarta());
  await form.getByLabel('Sampai Tanggal').fill(plus(todayJakarta(), 7));
  await form.getByRole('button', { name: 'Tunjuk Pengganti' }).click();
  await expectToast(page, 'Pengganti Ditunjuk', { icon: 'success' });
  await expect(page.getByTestId('delegate-item')).toContainText(delegate.name);
  expect(await serious(page)).toEqual([]);
  expect(await routing()).toMatchObject({ supervisorAway: false, delegateName: delegate.name });

  // The delegate decides the step in the browser, recorded in the supervisor's place.
  const context = await browser.newContext();
  const other = await context.newPage();
  await recordPopups(other);
  await openAs(other, delegate, '/employee/team');
  await expect(other.getByRole('navigation').getByRole('link', { name: 'Persetujuan Tim' })).toBeVisible();
  const item = other.getByTestId('leave-approval-item').filter({ hasText: member.name });
  await item.getByRole('button', { name: 'Setujui' }).click();
  await popup(other).locator('textarea').fill('Disetujui selama Bu Sari cuti');
  await popup(other).getByRole('button', { name: 'Ya, Setujui' }).click();
  await expect(popup(other).getByRole('heading', { name: 'Pengajuan Disetujui' })).toBeVisible();
  await popup(other).getByRole('button', { name: 'OK' }).click();
  await expect(item.getByTestId('leave-steps')).toContainText(`Atasan: disetujui oleh ${delegate.name} menggantikan ${boss.name}`);
  await expect(item.getByTestId('leave-steps')).toContainText('Disetujui selama Bu Sari cuti');
  await expect(item.getByTestId('leave-steps')).toContainText('Menunggu keputusan HR/Admin');
  await context.close();
});

test('Persetujuan → Lembur: the total, two approved at once after one confirmation, a rejection only with its reason', async ({
  page,
  browser,
  request,
}) => {
  const name = `Rudi Lembur ${Date.now() % 100000}`;
  const emp = await registerEmployee(request, { name });
  const admin = await apiToken(request, ADMIN);
  const day = await lastWorkday(request, admin);
  const joined = await request.put(`/api/users/${emp.id}`, {
    headers: bearer(admin),
    data: { name: emp.name, email: emp.email, position: emp.position, role: 'employee', joinDate: plus(day, -30) },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  // The admin records three windows after the 17:00 shift end on the employee's behalf: HR decides them.
  for (const [startTime, endTime] of [
    ['18:00', '19:00'],
    ['19:00', '20:00'],
    ['20:00', '21:00'],
  ]) {
    const res = await request.post('/api/overtime', {
      headers: bearer(admin),
      data: { userId: emp.id, onBehalf: true, date: day, startTime, endTime, reason: 'Stok opname akhir bulan' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await openAs(page, HR, '/hr/approvals');
  // Opened straight from the server: a click before React has hydrated the tabs is lost, so it is
  // repeated until the tab shows as chosen.
  const lemburTab = page.getByRole('tab', { name: 'Lembur' });
  await expect(async () => {
    await lemburTab.click();
    await expect(lemburTab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass();
  const panel = page.getByRole('tabpanel', { name: 'Lembur' });
  // The tab's first list (every month) may show these rows already: the ticks below wait for the month's
  // own list, whose arrival resets the ticks (the checkboxes are disabled while it loads).
  const monthList = page.waitForResponse((r) => r.url().includes('/api/overtime?') && r.url().includes(`month=${day.slice(0, 7)}`));
  await panel.getByLabel('Bulan').fill(day.slice(0, 7));
  await monthList;
  const rows = panel.getByTestId('inbox-overtime').filter({ hasText: name });
  await expect(rows).toHaveCount(3);
  await expect(panel.getByTestId('inbox-overtime-total')).toHaveText(/^Total: \d+$/);
  await expect(panel.getByTestId('pagination')).toBeVisible();

  await rows.filter({ hasText: '18:00' }).getByRole('checkbox').check();
  await rows.filter({ hasText: '19:00–20:00' }).getByRole('checkbox').check();
  await panel.getByRole('button', { name: 'Setujui Terpilih (2)' }).click();
  await expect(popup(page)).toContainText('Setujui 2 pengajuan lembur sekaligus?');
  await popup(page).locator('textarea').fill('Sesuai SPKL');
  await popup(page).getByRole('button', { name: 'Ya, Setujui' }).click();
  await expect(popup(page).getByRole('heading', { name: '2 dari 2 disetujui' })).toBeVisible();
  await popup(page).getByRole('button', { name: 'OK' }).click();
  await expect(rows).toHaveCount(1);

  // Tolak asks for the reason and will not go on without it.
  await rows.getByRole('button', { name: 'Tolak' }).click();
  await popup(page).getByRole('button', { name: 'Ya, Tolak' }).click();
  await expect(popup(page).locator('.swal2-validation-message')).toHaveText('Alasan penolakan harus diisi');
  await popup(page).locator('textarea').fill('Melebihi kebutuhan stok opname');
  await popup(page).getByRole('button', { name: 'Ya, Tolak' }).click();
  await expect(popup(page).getByRole('heading', { name: 'Lembur Ditolak' })).toBeVisible();
  await popup(page).getByRole('button', { name: 'OK' }).click();

  await panel.getByLabel('Status').selectOption({ label: 'Semua' });
  await expect(rows.filter({ hasText: 'Disetujui oleh Hana Rahmawati: Sesuai SPKL' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Ditolak oleh Hana Rahmawati: Melebihi kebutuhan stok opname' })).toHaveCount(1);

  expect(await serious(page)).toEqual([]);
  // The other tabs are the same queue, and pass axe too.
  await page.getByRole('tab', { name: 'Koreksi' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Koreksi' }).getByTestId('inbox-correction-total')).toHaveText(/^Total: \d+$/);
  expect(await serious(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Perlu Tinjauan' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Perlu Tinjauan' }).getByTestId('inbox-review-total')).toHaveText(/^Total: \d+$/);
  expect(await serious(page)).toEqual([]);

  // The employee reads the reason.
  const context = await browser.newContext();
  const own = await context.newPage();
  await openAs(own, emp, '/employee/overtime');
  await expect(own.getByTestId('overtime-item').filter({ hasText: 'Melebihi kebutuhan stok opname' })).toContainText(
    'Ditolak oleh Hana Rahmawati',
  );
  await context.close();
});
