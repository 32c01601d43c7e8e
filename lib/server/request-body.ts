// Request bodies are read as a stream and never past the route's limit: a declared Content-Length over
// it is refused before reading, and a chunked (or lying) body is cut off at the first byte over it, so
// a 50 MB upload costs at most the limit in memory. A body that is not complete within
// REQUEST_BODY_TIMEOUT_SECONDS is refused too (408), so a slow upload cannot hold a request open.
// Both refusals close the connection (errorResponse in lib/server/http.ts): the rest is never read.
import { AppError } from '@/lib/server/errors';
import { getEnv } from '@/lib/env';

export const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'Ukuran data terlalu besar');
const tooSlow = () => new AppError(408, 'REQUEST_TIMEOUT', 'Pengiriman data terlalu lama. Periksa koneksi Anda lalu coba lagi.');

/** The body's bytes, at most `limit` of them, within the body timeout. */
export async function readBodyBytes(req: Request, limit: number): Promise<Buffer> {
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow()), getEnv().REQUEST_BODY_TIMEOUT_SECONDS * 1000);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw tooLarge();
      chunks.push(value);
    }
  } catch (err) {
    // Stop pulling from the socket: what was not read yet is never buffered.
    reader.cancel().catch(() => undefined);
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks, size);
}

/** The body as JSON ({} when empty); 400 when it is not JSON. */
export async function readJson(req: Request, limit: number): Promise<unknown> {
  const text = (await readBodyBytes(req, limit)).toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, 'BAD_JSON', 'Format data tidak valid');
  }
}
