// Rekap Bulanan and Tutup Periode in Chromium: an employee's correction request of the last day of last
// month blocks its close; HR resolves it (rejects it on Koreksi Absensi); the admin sees the month's
// recap and blockers on Tutup Periode, closes the month (with a reason, the override if anything else
// still blocks it), the recap shows the frozen snapshot and its XLSX, PDF and CSV download; the month is
// then opened again so that other specs may write into it.
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN, BUDI, HR, formReady, openAs } from './fixtures';
import { apiToken, bearer, closeAnswer, todayJakarta } from './admin-helpers';
import { expectToast, recordPopups } from './support/toasts';

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

const REASON = `Rapat di kantor klien ${Math.random().toString(36).slice(2, 7)}`;

async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test('HR resolves a blocker, the admin closes last month, the recap downloads as XLSX, PDF and CSV', async ({ page, browser, request }) => {
  const today = todayJakarta();
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  const lastDay = new Date(first.getTime() - 86_400_000).toISOString().slice(0, 10);
  const month = lastDay.slice(0, 7);
  const year = month.slice(0, 4);

  // Budi contests the last day of last month: a pending correction, a blocker of the month.
  const budi = await apiToken(request, BUDI);
  const asked = await request.post('/api/corrections', {
    headers: bearer(budi),
    data: { date: lastDay, kind: 'dinas_luar', note: 'Rapat di kantor klien', reason: REASON },
  });
  expect([201, 409], await asked.text()).toContain(asked.status());
  const admin = await apiToken(request, ADMIN);
  const blockersOf = async () =>
    (
      (await (await request.get(`/api/periods?year=${year}`, { headers: bearer(admin) })).json()).periods as {
        month: string;
        blockers: { kind: string; count: number }[];
      }[]
    ).find((p) => p.month === month)!.blockers;
  expect((await blockersOf()).map((b) => b.kind)).toContain('pending_corrections');

  // HR rejects it on Koreksi Absensi.
  const hrContext = await browser.newContext({ locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const hrPage = await hrContext.newPage();
  // The rows come from the hydrated page's own request: a row's button acts once it shows.
  await openAs(hrPage, HR, '/hr/corrections');
  await expect(hrPage.getByRole('navigation').getByRole('link', { name: 'Koreksi Absensi' })).toHaveAttribute('href', '/hr/corrections');
  const pending = hrPage.getByTestId('correction-row').filter({ hasText: 'Budi' }).filter({ hasText: 'Menunggu' });
  await expect(pending.first()).toBeVisible();
  const count = await pending.count();
  for (let i = 0; i < count; i++) {
    await pending.first().getByRole('button', { name: 'Tolak' }).click();
    await hrPage.getByRole('textbox', { name: 'Alasan (wajib)' }).fill('Bukti tidak sesuai');
    await hrPage.getByRole('button', { name: 'Ya, Tolak' }).click();
    await expect(hrPage.getByRole('heading', { name: 'Koreksi Ditolak' })).toBeVisible();
    await hrPage.getByRole('button', { name: 'OK' }).click();
  }
  await hrContext.close();
  expect((await blockersOf()).map((b) => b.kind)).not.toContain('pending_corrections');

  // The admin: Tutup Periode shows the month's recap; close it.
  await openAs(page, ADMIN, '/admin/periods');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Tutup Periode' })).toHaveAttribute('href', '/admin/periods');
  // Opened straight from the server: Refresh is enabled once the hydrated page has its first year.
  await formReady(page.getByRole('button', { name: 'Refresh' }));
  await page.getByLabel('Tahun', { exact: true }).selectOption(year);
  const row = page.getByTestId(`period-${month}`);
  await row.getByRole('button', { name: 'Lihat Rekap' }).click();
  await expect(page.getByTestId('recap-summary')).toContainText('Hari wajib hadir');
  await row.getByRole('button', { name: 'Tutup Periode' }).click();
  const dialog = page.locator('.swal2-popup:not(.swal2-toast)');
  await dialog.getByRole('textbox', { name: 'Alasan' }).fill('Penggajian bulan lalu selesai');
  const closed = closeAnswer(page, month);
  await dialog.getByRole('button', { name: 'Ya, Tutup' }).click();
  expect((await closed).status()).toBe(200);
  await expectToast(page, /berhasil ditutup/);
  await expect(row).toContainText('Ditutup');

  try {
    // Rekap Bulanan of the closed month: the snapshot, and the three files.
    await page.getByRole('link', { name: 'Rekap Bulanan' }).first().click();
    await expect(page.getByRole('heading', { name: 'Rekap Bulanan', level: 1 })).toBeVisible();
    await page.getByLabel('Bulan').fill(month);
    await expect(page.getByTestId('recap-status')).toHaveText('Periode ditutup (data beku)');
    const xlsx = await download(page, 'Export XLSX');
    expect(xlsx.name).toBe(`rekap-bulanan-${month}.xlsx`);
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
    const pdf = await download(page, 'Export PDF');
    expect(pdf.name).toBe(`rekap-bulanan-${month}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await download(page, 'Export CSV');
    expect(csv.name).toBe(`rekap-bulanan-${month}.csv`);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.bytes.toString('utf8').slice(1).split('\r\n')[0]).toMatch(
      /^"Nama Karyawan";"NIK";"Divisi";"Email";"Posisi";"Kantor";"Hari Wajib Hadir";"Hadir \(hari\)";/,
    );
  } finally {
    // Open the month again (audited) for the other specs.
    const reopened = await request.post(`/api/periods/${month}/reopen`, { headers: bearer(admin), data: { reason: 'Data uji E2E rekap' } });
    expect(reopened.status()).toBe(200);
  }
});
