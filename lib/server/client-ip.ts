// The client's address, for the rate limits and the audit trail.
//
// A route handler on `next start` never sees the socket: NextRequest has no address, and Next only
// fills in X-Forwarded-For when the client did not send one, so that header alone is whatever the
// client chose. The server process therefore stamps every request with its socket's address through
// Node's `http.server.request.start` diagnostics channel (stampPeerAddresses, run from
// instrumentation.ts before any request is handled), under a header name that the stamp always
// overwrites, so a client cannot supply it. X-Forwarded-For is read only when TRUSTED_PROXY_HOPS says
// how many proxies in front of the app append to it: with N hops the client is the N-th entry from the
// right (each proxy appends the address that connected to it); entries further left are the client's
// own words and ignored. With 0 (the default) the socket address is the client.
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { getEnv } from '@/lib/env';

export const PEER_HEADER = 'x-absensi-peer';
const STAMPING = Symbol.for('absensi.peer-address-stamp');
type Holder = { [STAMPING]?: boolean };

function normalise(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

function stamp(message: unknown): void {
  const { request, socket } = message as { request: IncomingMessage; socket: Socket };
  request.headers[PEER_HEADER] = normalise(socket?.remoteAddress);
}

/** Once per server process: every incoming request carries its socket's address in PEER_HEADER. */
export function stampPeerAddresses(): void {
  const holder = globalThis as Holder;
  if (holder[STAMPING]) return;
  subscribe('http.server.request.start', stamp);
  holder[STAMPING] = true;
}

/** 'unknown' when there is no trustworthy address (e.g. a handler called outside an HTTP server). */
export function clientIp(req: Request): string {
  const peer = (globalThis as Holder)[STAMPING] ? req.headers.get(PEER_HEADER) || null : null;
  const hops = getEnv().TRUSTED_PROXY_HOPS;
  if (hops > 0) {
    const chain = (req.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (chain.length) return normalise(chain[Math.max(0, chain.length - hops)]);
  }
  return peer ?? 'unknown';
}
