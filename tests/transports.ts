// Real transports that notification tests start in-process (docs/notifications.md): an SMTP server
// (smtp-server) that keeps what it received and can be stopped and started again on the same port, an
// HTTP server playing a WhatsApp gateway (answering 500 while told to), and an HTTPS push endpoint that
// decrypts each message (RFC 8291, aes128gcm) with the subscription's own private key and auth secret.
import { SMTPServer } from 'smtp-server';
import http from 'node:http';
import https from 'node:https';
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export type Mail = { messageId: string; to: string; subject: string; raw: string };

export class TestSmtp {
  mails: Mail[] = [];
  port = 0;
  private server: SMTPServer | null = null;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const header = (name: string) => raw.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? '';
          this.mails.push({
            messageId: header('Message-ID'),
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: header('Subject'),
            raw,
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

export type GatewayCall = { auth: string | undefined; contentType: string | undefined; body: string };

/**
 * A WhatsApp gateway: answers 500 while `failing` (with the request's body in the answer when `echo`, as
 * some gateways do), else 200 with Fonnte's kind of answer.
 */
export async function startGateway() {
  const state = { failing: false, echo: false, calls: [] as GatewayCall[], refused: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (state.failing) {
        state.refused++;
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(
            state.echo
              ? JSON.stringify({ status: false, reason: 'server sibuk', request: body })
              : '{"status":false,"reason":"server sibuk"}',
          );
        return;
      }
      state.calls.push({ auth: req.headers.authorization, contentType: req.headers['content-type'], body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":true,"detail":"success! message in queue"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return { state, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export function pushKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authText: auth.toString('base64url') };
}

/** RFC 8291 with RFC 8188's aes128gcm: the plaintext of one push message body. */
export function decryptPush(body: Buffer, keys: ReturnType<typeof pushKeys>): string {
  const salt = body.subarray(0, 16);
  const idLen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLen);
  const ciphertext = body.subarray(21 + idLen);
  const secret = keys.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export type PushCall = {
  path: string;
  authorization: string | undefined;
  encoding: string | undefined;
  ttl: string | undefined;
  body: Buffer;
};

/**
 * A push service on HTTPS (web-push speaks only HTTPS) with a certificate made for the test, trusted by
 * this process's global HTTPS agent. `status` answers each message (201 accepted, 410 gone).
 */
export async function startPushService() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'absensi-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  const key = readFileSync(path.join(dir, 'key.pem'));
  rmSync(dir, { recursive: true, force: true });
  const state = { status: 201, calls: [] as PushCall[] };
  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.calls.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        encoding: req.headers['content-encoding'],
        ttl: req.headers.ttl as string,
        body: Buffer.concat(chunks),
      });
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const previousCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = cert;
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
    base,
    close: () =>
      new Promise<void>((resolve) => {
        https.globalAgent.options.ca = previousCa;
        server.close(() => resolve());
      }),
  };
}
