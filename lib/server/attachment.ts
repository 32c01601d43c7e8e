// Attachments of leave and correction requests (surat dokter, an invitation …): a PDF or a JPEG, PNG or
// WebP image up to 2 MB. The type is decided by the bytes (file-type reads the magic numbers), never by the
// name or a declared MIME type; the name keeps only the uploader's stem, with the extension of that type.
// The file is kept in the database with its request and served back by privateFile, which a browser may
// neither sniff nor run (docs/quality.md, "Stored files").
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest, notFound } from '@/lib/server/errors';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MIMES } from '@/features/leave/validation/leave-ledger';

export const ATTACHMENT_TYPE_MSG = 'Lampiran harus berupa PDF, JPEG, PNG atau WebP';
export const ATTACHMENT_SIZE_MSG = 'Ukuran lampiran maksimal 2 MB';
export const NO_ATTACHMENT_MSG = 'Pengajuan ini tidak memiliki lampiran';

/** The extension a stored file's name gets, by the type read from its bytes. */
const EXTENSION: Record<(typeof ATTACHMENT_MIMES)[number], string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const allowed = (mime: string | null | undefined): mime is keyof typeof EXTENSION => !!mime && Object.hasOwn(EXTENSION, mime);

/**
 * The name a file is kept and served under: the uploader's stem (its last extension dropped; only
 * letters, digits, `_`, `-`, `.` and spaces kept, at most 100 characters) and the extension of `mime`,
 * the type read from the bytes. A type outside the list gets `.bin`. So `surat.html` holding a PDF is
 * `surat.pdf`: saved to disk, it opens in a PDF reader, never a browser.
 */
export function storedName(name: string | null | undefined, mime: string): string {
  const stem = (name ?? '')
    .replace(/[^\w.\- ]+/g, '_')
    .replace(/\.[A-Za-z0-9]{1,10}$/, '')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 100)
    .trim();
  return `${stem || 'lampiran'}.${allowed(mime) ? EXTENSION[mime] : 'bin'}`;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes a data URL or plain base64 and checks its real type and size. */
export async function readAttachment(input: {
  name?: string;
  data: string;
}): Promise<{ bytes: Uint8Array<ArrayBuffer>; mime: string; name: string }> {
  const comma = input.data.startsWith('data:') ? input.data.indexOf(',') : -1;
  const b64 = (comma >= 0 ? input.data.slice(comma + 1) : input.data).replace(/\s+/g, '');
  if (!b64 || b64.length % 4 === 1 || !BASE64.test(b64))
    throw badRequest('Lampiran tidak valid', 'VALIDATION', { attachment: 'Lampiran tidak valid' });
  if (Math.floor((b64.length * 3) / 4) > ATTACHMENT_MAX_BYTES + 2)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', ATTACHMENT_SIZE_MSG, { attachment: ATTACHMENT_SIZE_MSG });
  const buf = Buffer.from(b64, 'base64');
  if (buf.length > ATTACHMENT_MAX_BYTES)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', ATTACHMENT_SIZE_MSG, { attachment: ATTACHMENT_SIZE_MSG });
  const kind = await fileTypeFromBuffer(buf);
  if (!kind || !(ATTACHMENT_MIMES as readonly string[]).includes(kind.mime)) {
    throw badRequest(ATTACHMENT_TYPE_MSG, 'LEAVE_ATTACHMENT_TYPE', { attachment: ATTACHMENT_TYPE_MSG });
  }
  const bytes = new Uint8Array(new ArrayBuffer(buf.length));
  bytes.set(buf);
  return { bytes, mime: kind.mime, name: storedName(input.name, kind.mime) };
}

/**
 * The answer's policy for a stored file: it may load nothing, and a sandbox without scripts, so HTML
 * hidden in a polyglot never runs, even if a browser took it for a page. Chromium still shows images and
 * PDFs under it (e2e/stored-files.spec.ts).
 */
export const STORED_FILE_POLICY = "default-src 'none'; sandbox";

/**
 * A request's stored file as the answer to its owner, admin or HR (the caller has checked who asks):
 * never cached; the type it was stored as, which the browser may not second-guess (nosniff); sandboxed.
 * An image or a PDF is shown inline; anything else (a row kept from before the type check) is a download
 * of bytes (application/octet-stream). The name's extension follows the type, not the uploader.
 * A request without a file is a 404.
 */
export function privateFile(row: {
  attachment: Uint8Array | null;
  attachmentMime: string | null;
  attachmentName: string | null;
}): Response {
  if (!row.attachment || !row.attachmentMime) throw notFound(NO_ATTACHMENT_MSG);
  const inline = allowed(row.attachmentMime);
  const type = inline ? row.attachmentMime : 'application/octet-stream';
  return new Response(new Uint8Array(row.attachment), {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${storedName(row.attachmentName, type)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': STORED_FILE_POLICY,
      'Cross-Origin-Resource-Policy': 'same-origin',
    },
  });
}
