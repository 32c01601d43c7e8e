// Attachments of leave and correction requests (surat dokter, an invitation …): PDF, JPEG or PNG up to
// 2 MB. The type is decided by the bytes (file-type reads the magic numbers), never by the name or a
// declared MIME type; the file is kept in the database with its request and served back by privateFile.
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest, notFound } from '@/lib/server/errors';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MIMES } from '@/features/leave/validation/leave-ledger';

export const ATTACHMENT_TYPE_MSG = 'Lampiran harus berupa PDF, JPEG atau PNG';
export const ATTACHMENT_SIZE_MSG = 'Ukuran lampiran maksimal 2 MB';
export const NO_ATTACHMENT_MSG = 'Pengajuan ini tidak memiliki lampiran';

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
  const safeName = (input.name ?? '')
    .replace(/[^\w.\- ]+/g, '_')
    .trim()
    .slice(0, 120);
  return { bytes, mime: kind.mime, name: safeName || `lampiran.${kind.ext}` };
}

/**
 * A request's stored file as the answer to its owner, admin or HR (the caller has checked who asks):
 * shown inline under its saved name, never cached, and with the type it was stored as, which the browser
 * may not second-guess (nosniff). A request without a file is a 404.
 */
export function privateFile(row: {
  attachment: Uint8Array | null;
  attachmentMime: string | null;
  attachmentName: string | null;
}): Response {
  if (!row.attachment || !row.attachmentMime) throw notFound(NO_ATTACHMENT_MSG);
  return new Response(new Uint8Array(row.attachment), {
    headers: {
      'Content-Type': row.attachmentMime,
      'Content-Disposition': `inline; filename="${(row.attachmentName ?? 'lampiran').replace(/"/g, '')}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
