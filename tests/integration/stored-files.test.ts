// Stored files (docs/quality.md, "Stored files"): what an upload may be, the name it is kept under, and
// the answer that serves it back. The type is read from the bytes; the uploader's name keeps its stem
// only; a served file is never sniffed, runs sandboxed, and is shown inline only as an image or a PDF.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { GET as leaveFileRoute } from '@/app/api/leaves/[id]/attachment/route';
import { GET as correctionFileRoute } from '@/app/api/corrections/[id]/attachment/route';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { ATTACHMENT_TYPE_MSG, readAttachment, storedName } from '@/lib/server/attachment';
import { call, createUser, workdaysAhead } from '../helpers';

const HTML = '<html><body><script>document.title="POLYGLOT-RAN"</script></body></html>';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PDF_POLYGLOT = Buffer.from(`%PDF-1.4\n%${HTML}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
const PNG = readFileSync('public/icons/favicon-32.png');
const PNG_POLYGLOT = Buffer.concat([PNG, Buffer.from(HTML)]);
const JPEG = readFileSync('tests/fixtures/faces/person-a-1.jpg');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const b64 = (b: Buffer) => b.toString('base64');
const POLICY = "default-src 'none'; sandbox";

describe('upload: the type comes from the bytes, the name from the type', () => {
  it('keeps PDF, JPEG, PNG and WebP under the uploader name stem with the extension of the type read', async () => {
    const cases: [string, Buffer, string, string][] = [
      ['surat.html', PDF_POLYGLOT, 'application/pdf', 'surat.pdf'],
      ['foto.html', PNG_POLYGLOT, 'image/png', 'foto.png'],
      ['scan.pdf', JPEG, 'image/jpeg', 'scan.jpg'],
      ['layar', WEBP, 'image/webp', 'layar.webp'],
      ['Surat Dr. Budi (asli).PDF', PDF, 'application/pdf', 'Surat Dr. Budi _asli_.pdf'],
      ['../../etc/passwd', PDF, 'application/pdf', '_.._etc_passwd.pdf'],
      ['', PNG, 'image/png', 'lampiran.png'],
      ['.htaccess', PNG, 'image/png', 'lampiran.png'],
    ];
    for (const [name, bytes, mime, stored] of cases) {
      const file = await readAttachment({ name, data: b64(bytes) });
      expect([name, file.mime, file.name]).toEqual([name, mime, stored]);
      expect(Buffer.from(file.bytes).equals(bytes)).toBe(true);
    }
  });

  it('refuses anything else, whatever its name or declared type says', async () => {
    for (const [name, bytes] of [
      ['surat.pdf', Buffer.from(HTML)],
      ['gambar.svg', SVG],
      ['gambar.png', SVG],
      ['animasi.gif', GIF],
      ['arsip.pdf', Buffer.from('504b0304140000000800', 'hex')],
    ] as const) {
      const err = await readAttachment({ name, data: `data:application/pdf;base64,${b64(bytes)}` }).catch((e: unknown) => e);
      expect(err, name).toMatchObject({ status: 400, fields: { attachment: ATTACHMENT_TYPE_MSG } });
    }
    expect(ATTACHMENT_TYPE_MSG).toBe('Lampiran harus berupa PDF, JPEG, PNG atau WebP');
  });

  it('storedName: the stem of any name, the extension of the type; an unknown type gets .bin', () => {
    expect(storedName('surat.html', 'application/pdf')).toBe('surat.pdf');
    expect(storedName('surat.tar.gz', 'image/png')).toBe('surat.tar.png');
    expect(storedName('rapor"; filename=x.html', 'application/pdf')).toBe('rapor_ filename_x.pdf');
    expect(storedName(null, 'image/jpeg')).toBe('lampiran.jpg');
    expect(storedName('halaman.html', 'text/html')).toBe('halaman.bin');
  });
});

describe('serving: never sniffed, sandboxed, inline only for an image or a PDF', () => {
  const today = () => dateKeyInZone(new Date(), 'Asia/Jakarta');

  it('an uploaded polyglot comes back under its real type and name, with nosniff and a sandbox policy', async () => {
    const { user, token } = await createUser({ name: 'Pemilik Berkas' });
    for (const [i, [name, bytes, type, served]] of (
      [
        ['surat.html', PDF_POLYGLOT, 'application/pdf', 'surat.pdf'],
        ['foto.html', PNG_POLYGLOT, 'image/png', 'foto.png'],
      ] as const
    ).entries()) {
      const date = await workdaysAhead(user.id, 40 + i * 7);
      const res = await call(applyRoute, {
        token,
        body: {
          userId: user.id,
          type: 'lainnya',
          startDate: date,
          endDate: date,
          reason: 'Keperluan keluarga',
          attachment: { name, data: b64(bytes) },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const file = await call(leaveFileRoute, { token, params: { id: res.body.id } });
      expect(file.status).toBe(200);
      expect(Object.fromEntries(file.headers)).toMatchObject({
        'content-type': type,
        'content-disposition': `inline; filename="${served}"`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': POLICY,
        'cache-control': 'private, no-store',
      });
    }
  });

  it('a file stored before the fix: the served name follows the stored type; a type outside the list is a download of bytes', async () => {
    const { user, token } = await createUser({ name: 'Berkas Lama' });
    const legacy = async (name: string, mime: string, bytes: Buffer, daysAgo: number) =>
      (
        await db.attendanceCorrection.create({
          data: {
            userId: user.id,
            date: dateKeyToDate(addDays(today(), -daysAgo)),
            kind: 'sanggah_alpa',
            reason: 'Berkas dari versi sebelumnya',
            requestedById: user.id,
            requestedByName: user.name,
            attachment: new Uint8Array(bytes),
            attachmentMime: mime,
            attachmentName: name,
            attachmentSize: bytes.length,
          },
        })
      ).id;
    const pdf = await call(correctionFileRoute, { token, params: { id: await legacy('surat.html', 'application/pdf', PDF_POLYGLOT, 3) } });
    expect(Object.fromEntries(pdf.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="surat.pdf"',
      'content-security-policy': POLICY,
    });
    const html = await call(correctionFileRoute, {
      token,
      params: { id: await legacy('halaman.html', 'text/html', Buffer.from(HTML), 5) },
    });
    expect(Object.fromEntries(html.headers)).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="halaman.bin"',
      'x-content-type-options': 'nosniff',
      'content-security-policy': POLICY,
    });
    expect(html.body).toBe(HTML);
  });
});
