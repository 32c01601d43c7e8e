// The client address: the socket's, stamped by the server process on every request, unless
// TRUSTED_PROXY_HOPS says how many proxies append to X-Forwarded-For. A client cannot choose it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientIp, PEER_HEADER, stampPeerAddresses } from '@/lib/server/client-ip';
import { resetEnvCache } from '@/lib/env';

let server: Server;
let port: number;

/** What clientIp says for a request that really went through a socket, given the hops configured. */
function ipSeen(headers: Record<string, string>, hops: number): Promise<string> {
  process.env.TRUSTED_PROXY_HOPS = String(hops);
  resetEnvCache();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  process.env.AUTH_SECRET = 'unit-secret-unit-secret-unit-secret-1234';
  stampPeerAddresses();
  // What Next does with the node request: a web Request with the same headers.
  server = createServer((req, res) => {
    const headers = new Headers(
      Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]])),
    );
    res.end(clientIp(new Request('http://localhost/', { headers })));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  delete process.env.TRUSTED_PROXY_HOPS;
  resetEnvCache();
  await new Promise((r) => server.close(r));
});

describe('clientIp', () => {
  it('with no trusted proxy (the default) is the socket address, whatever the client sends', async () => {
    expect(await ipSeen({}, 0)).toBe('127.0.0.1');
    expect(await ipSeen({ 'x-forwarded-for': '203.0.113.9' }, 0)).toBe('127.0.0.1');
    expect(await ipSeen({ 'x-forwarded-for': '1.1.1.1, 203.0.113.9', 'x-real-ip': '203.0.113.7' }, 0)).toBe('127.0.0.1');
    // The stamp's own header name cannot be supplied: it is overwritten.
    expect(await ipSeen({ [PEER_HEADER]: '203.0.113.8' }, 0)).toBe('127.0.0.1');
  });

  it('with N trusted proxies is the N-th X-Forwarded-For entry from the right; what the client wrote further left is ignored', async () => {
    expect(await ipSeen({ 'x-forwarded-for': 'spoofed, 198.51.100.4' }, 1)).toBe('198.51.100.4');
    expect(await ipSeen({ 'x-forwarded-for': 'spoofed, 198.51.100.4, 10.0.0.2' }, 2)).toBe('198.51.100.4');
    expect(await ipSeen({ 'x-forwarded-for': '::ffff:198.51.100.5' }, 1)).toBe('198.51.100.5');
    // Fewer entries than hops: the leftmost is all the proxies said.
    expect(await ipSeen({ 'x-forwarded-for': '198.51.100.6' }, 3)).toBe('198.51.100.6');
    // No header at all (a request that did not come through the proxy): the socket.
    expect(await ipSeen({}, 1)).toBe('127.0.0.1');
  });

  it('is unknown for a request that came through no server (nothing to trust)', () => {
    const holder = globalThis as Record<symbol, unknown>;
    const key = Symbol.for('absensi.peer-address-stamp');
    holder[key] = false;
    try {
      process.env.TRUSTED_PROXY_HOPS = '0';
      resetEnvCache();
      expect(
        clientIp(new Request('http://localhost/', { headers: { [PEER_HEADER]: '203.0.113.8', 'x-forwarded-for': '203.0.113.9' } })),
      ).toBe('unknown');
    } finally {
      holder[key] = true;
    }
  });
});
