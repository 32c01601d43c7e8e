// One HTTP POST of a delivery with node:http(s), whose socket resolves the name through guardedLookup
// (webhook-address.ts) unless the webhook is allowed a private address. No redirect is followed (a 3xx is
// an answer that is not a success); the answer's body is read up to 64 KiB and kept short.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isPrivateAddress, PrivateAddressError } from '@/features/webhooks/server/webhook-address';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_READ = 64 * 1024;
export const SHORT_BODY = 500;

export type PostAnswer = { status: number | null; body: string | null; error: string | null; durationMs: number };

export function postWebhook(target: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<PostAnswer> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const host = hostOf(url);
  // An address in the URL is connected to without a lookup: checked here.
  if (!allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.resolve({ status: null, body: null, error: new PrivateAddressError(host).message, durationMs: took() });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        ...(allowPrivate ? {} : { lookup: guardedLookup }),
        timeout: WEBHOOK_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < MAX_READ) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? null,
            body: Buffer.concat(chunks).toString('utf8').slice(0, SHORT_BODY),
            error: null,
            durationMs: took(),
          }),
        );
        res.on('error', (err) => resolve({ status: res.statusCode ?? null, body: null, error: err.message, durationMs: took() }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`Tidak ada jawaban dalam ${WEBHOOK_TIMEOUT_MS / 1000} detik`)));
    req.on('error', (err) => resolve({ status: null, body: null, error: err.message.slice(0, SHORT_BODY), durationMs: took() }));
    req.end(body);
  });
}
