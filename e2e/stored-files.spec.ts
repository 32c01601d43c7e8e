// Stored files (docs/quality.md, "Stored files"): a polyglot, a file that is a valid PDF or PNG and an
// HTML page at once, is uploaded as a leave attachment under an .html name, then opened in Chromium the
// way a reviewer opens it (Lihat lampiran). Its served name ends in the type read from its bytes, the
// answer forbids sniffing and runs in a sandbox, and the page's script never runs: no request it would
// send, no title it would set, no dialog. The same bytes shown as HTML do run (the payload is live).
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { registerEmployee } from './fixtures';
import { workdaysAhead } from './admin-helpers';

const MARK = 'POLYGLOT-RAN';
/** What the HTML half does when a browser runs it: a title, a request the test watches, a dialog. */
const PAYLOAD =
  `<html><head><title>surat</title></head><body><script>document.title='${MARK}';` +
  `fetch('/api/health?polyglot=ran');alert('${MARK}')</script>` +
  `<img src="x" onerror="document.title='${MARK}'"></body></html>`;
/** A PDF whose second line is an HTML page (a PDF reader skips it as a comment). */
const PDF_POLYGLOT = Buffer.from(`%PDF-1.4\n%${PAYLOAD}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`, 'latin1');
/**
 * The app's own 32 px icon with an HTML page after its last chunk, behind `-->"'>`, which closes whatever
 * the image's bytes opened when read as HTML (a comment, a quoted attribute, a tag).
 */
const PNG_POLYGLOT = Buffer.concat([readFileSync('public/icons/favicon-32.png'), Buffer.from(`-->"'>${PAYLOAD}`, 'latin1')]);
/** A 1×1 lossless WebP. */
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

async function apply(request: APIRequestContext, token: string, date: string, name: string, bytes: Buffer) {
  return request.post('/api/leaves/apply', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      type: 'lainnya',
      startDate: date,
      endDate: date,
      reason: 'Keperluan keluarga, surat terlampir',
      attachment: { name, data: bytes.toString('base64') },
    },
  });
}

/** Everything the payload would do if it ran on the page, from now on (one listener of each kind per page). */
function watch(page: Page): string[] {
  const seen: string[] = [];
  page.removeAllListeners('request');
  page.removeAllListeners('dialog');
  page.on('request', (r) => {
    if (r.url().includes('polyglot=ran')) seen.push(`request ${r.url()}`);
  });
  page.on('dialog', (d) => {
    seen.push(`dialog ${d.message()}`);
    void d.dismiss();
  });
  return seen;
}

test('a PDF/HTML and a PNG/HTML polyglot are served under their real type, sandboxed, and run nothing in Chromium', async ({
  page,
  request,
}) => {
  // A fresh server first catches up the daily close of the past weeks, holding the database meanwhile.
  await expect
    .poll(async () => (await request.get('/api/health', { timeout: 60_000 }).catch(() => null))?.status(), { timeout: 300_000 })
    .toBe(200);
  const emp = await registerEmployee(request, { name: `Pemilik Berkas ${Date.now() % 100000}` });
  const refusedOn = await workdaysAhead(request, emp.token, 50);

  // Anything but a PDF or a JPEG/PNG/WebP image is refused at upload, whatever its name says.
  for (const [name, bytes] of [
    ['surat.pdf', Buffer.from(PAYLOAD)],
    ['gambar.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['animasi.gif', Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64')],
  ] as const) {
    const refused = await apply(request, emp.token, refusedOn, name, bytes);
    expect(refused.status(), name).toBe(400);
    expect((await refused.json()).fields.attachment).toBe('Lampiran harus berupa PDF, JPEG, PNG atau WebP');
  }
  const webp = await apply(request, emp.token, await workdaysAhead(request, emp.token, 51), 'layar', WEBP);
  expect(webp.status(), await webp.text()).toBe(201);

  const pdf = await apply(request, emp.token, await workdaysAhead(request, emp.token, 55), 'surat.html', PDF_POLYGLOT);
  expect(pdf.status(), await pdf.text()).toBe(201);
  const png = await apply(request, emp.token, await workdaysAhead(request, emp.token, 60), 'foto.html', PNG_POLYGLOT);
  expect(png.status(), await png.text()).toBe(201);

  // The employee's own browser session (the cookie the login sets on this context).
  expect((await page.request.post('/api/auth/login', { data: { email: emp.email, password: emp.password } })).status()).toBe(200);
  const files = [
    { id: (await pdf.json()).id as string, type: 'application/pdf', name: 'surat.pdf' },
    { id: (await png.json()).id as string, type: 'image/png', name: 'foto.png' },
    { id: (await webp.json()).id as string, type: 'image/webp', name: 'layar.webp' },
  ];
  for (const f of files) {
    const res = await page.request.get(`/api/leaves/${f.id}/attachment`);
    expect(res.status()).toBe(200);
    const h = res.headers();
    expect(h['content-type']).toBe(f.type);
    expect(h['content-disposition']).toBe(`inline; filename="${f.name}"`);
    expect(h['x-content-type-options']).toBe('nosniff');
    // The route's own policy (next.config.mjs adds the API's policy beside it; a browser enforces both).
    expect(h['content-security-policy']).toMatch(/(^|[;,\n]\s*)sandbox\s*($|[;,\n])/);
    expect(h['content-security-policy']).toContain("default-src 'none'");
  }

  for (const f of files.slice(0, 2)) {
    const seen = watch(page);
    const res = await page.goto(`/api/leaves/${f.id}/attachment`);
    expect(res?.status()).toBe(200);
    // Shown as what it is: the PDF viewer for the PDF, an image document for the PNG.
    if (f.type === 'application/pdf')
      await expect.poll(() => page.frames().some((fr) => fr.url().startsWith('chrome-extension://')), { timeout: 20_000 }).toBe(true);
    else expect(await page.evaluate(() => document.contentType)).toBe('image/png');
    await page.waitForTimeout(1_500);
    expect(await page.title()).not.toBe(MARK);
    expect(seen, `${f.name}: what the HTML half did`).toEqual([]);
  }

  // The control: the same bytes taken as HTML do run (so the checks above can fail).
  for (const bytes of [PDF_POLYGLOT, PNG_POLYGLOT]) {
    // about:blank: no page policy of the app's own (its nonce would block any inline script).
    await page.goto('about:blank');
    const seen = watch(page);
    await page.setContent(bytes.toString('latin1'));
    await expect.poll(() => page.title()).toBe(MARK);
    await expect.poll(() => seen.length).toBeGreaterThan(0);
  }
});
