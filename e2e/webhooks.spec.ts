// Webhook (/admin/webhooks, docs/webhooks.md) in Chromium: the admin's URL on this machine's loopback is
// refused until "Izinkan alamat jaringan privat" is ticked; the secret is shown once; a leave decision
// reaches the receiver this spec runs, signed with that secret; the delivery log shows the attempt and
// Kirim Ulang sends the same body again; the dialogs pass axe and fit 360 px; the webhook is deleted.
import { test, expect } from '@playwright/test';
import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, loginUi, registerEmployee } from './fixtures';
import { apiToken, bearer, workdaysAhead } from './admin-helpers';
import { expectToast, recordPopups } from './support/toasts';
import { documentWidth } from './support/pages';

type Received = { body: string; signature: string; event: string };

function verify(secret: string, header: string, rawBody: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300 || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function seriousViolations(page: import('@playwright/test').Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include(include).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test('an admin registers a webhook, a leave decision arrives signed, the log shows it and Kirim Ulang sends it again', async ({
  page,
  request,
}) => {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['x-absensi-signature']), event: String(req.headers['x-absensi-event']) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok dari penerima');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const suffix = Math.random().toString(36).slice(2, 8);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook-${suffix}`;
  try {
    await loginUi(page, ADMIN, /\/admin/);
    await page.getByRole('navigation').getByRole('link', { name: 'Webhook' }).click();
    await expect(page.getByRole('heading', { name: 'Webhook', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Tambah Webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah Webhook' });
    await form.getByLabel('URL penerima').fill(url);
    await form.getByLabel(/\(leave\.decided\)/).check();
    await form.getByLabel('Keterangan').fill(`ERP uji ${suffix}`);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    // A loopback address without the allowance: refused, the reason said.
    await form.getByRole('button', { name: 'Tambah Webhook' }).click();
    const refusal = page.getByRole('dialog').filter({ hasText: 'Gagal Menyimpan' });
    await expect(refusal).toContainText('alamat privat/loopback/link-local');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await form.getByLabel('Izinkan alamat jaringan privat').check();
    await form.getByRole('button', { name: 'Tambah Webhook' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Selesai' }).click();
    const row = page.getByTestId('webhook-row').filter({ hasText: url });
    await expect(row).toContainText('Aktif');
    await expect(row).toContainText('Alamat jaringan privat diizinkan');

    // A leave decided through the API reaches the receiver (the job runner polls every second in e2e).
    const emp = await registerEmployee(request, { name: `Webhook ${suffix}` });
    const start = await workdaysAhead(request, emp.token, 40);
    const applied = await request.post('/api/leaves/apply', {
      headers: bearer(emp.token),
      data: { userId: emp.id, type: 'keluarga', startDate: start, endDate: start, reason: 'Acara keluarga di kampung' },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const leaveId = (await applied.json())._id as string;
    const admin = await apiToken(request, ADMIN);
    const decided = await request.put(`/api/leaves/${leaveId}/status`, {
      headers: bearer(admin),
      data: { status: 'rejected', note: 'Uji webhook' },
    });
    expect(decided.status(), await decided.text()).toBe(200);
    const mine = () => received.filter((r) => r.body.includes(leaveId));
    await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(1);
    const first = mine()[0]!;
    expect(first.event).toBe('leave.decided');
    expect(verify(secret, first.signature, first.body)).toBe(true);
    expect(JSON.parse(first.body).data).toMatchObject({ leaveId, status: 'rejected', note: 'Uji webhook', employee: { id: emp.id } });

    // The log: the attempt with the receiver's answer; Kirim Ulang sends the same body again.
    await row.getByRole('button', { name: `Log pengiriman ${url}` }).click();
    const log = page.getByRole('dialog', { name: 'Log Pengiriman' });
    // Other specs' leave decisions reach this webhook too while it exists: this leave's delivery by its id.
    const delivery = log.locator(`[data-delivery="${JSON.parse(first.body).id as string}"]`);
    await expect(delivery).toContainText('Terkirim');
    await expect(delivery.getByTestId('webhook-attempt').first()).toContainText('HTTP 200');
    await expect(delivery.getByTestId('webhook-attempt').first()).toContainText('ok dari penerima');
    await recordPopups(page);
    await delivery.getByRole('button', { name: /^Kirim ulang leave\.decided/ }).click();
    await expectToast(page, 'Pengiriman dijadwalkan ulang');
    await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(2);
    expect(mine()[1]!.body).toBe(first.body);
    expect(verify(secret, mine()[1]!.signature, mine()[1]!.body)).toBe(true);
    await log.getByRole('button', { name: 'Muat Ulang' }).click();
    await expect(delivery.getByTestId('webhook-attempt')).toHaveCount(2);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(log).toBeVisible();
    expect(await documentWidth(page)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
    await log.getByRole('button', { name: 'Tutup' }).click();

    // Deleted with its log.
    await row.getByRole('button', { name: `Hapus ${url}` }).click();
    await page.getByRole('button', { name: 'Ya, Hapus' }).click();
    await expect(page.getByTestId('webhook-row').filter({ hasText: url })).toHaveCount(0);
  } finally {
    // Whatever happened above: no webhook of this spec stays to send other specs' events to a closed port.
    const admin = await apiToken(request, ADMIN);
    const list = await request.get('/api/webhooks', { headers: bearer(admin) });
    for (const w of (await list.json()) as { id: string; url: string }[])
      if (w.url === url) await request.delete(`/api/webhooks/${w.id}`, { headers: bearer(admin) });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
