// Where a webhook may go (docs/webhooks.md, "Private addresses"): not to a private, loopback, link-local,
// carrier-grade NAT, multicast or reserved address unless the admin allowed it for that webhook. The name
// is resolved when the webhook is saved and again, inside the connection itself (`guardedLookup` is the
// socket's DNS lookup), at every delivery: a name that resolved to a public address when it was saved and
// to 127.0.0.1 later (DNS rebinding) is refused at the address actually connected to.
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup, type LookupAddress } from 'node:dns';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an address a webhook may not reach without the allowance (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  }
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The URL's host as an address or a name (IPv6 literals without their brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

export class PrivateAddressError extends Error {
  constructor(readonly address: string) {
    super(`Alamat ${address} adalah alamat privat/loopback/link-local`);
  }
}

/** Every address the host resolves to now ([] when it does not resolve within 5 s). */
export async function resolveHost(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  const answer = new Promise<string[]>((resolve) =>
    lookup(host, { all: true }, (err, addresses) => resolve(err ? [] : addresses.map((a) => a.address))),
  );
  const timeout = new Promise<string[]>((resolve) => setTimeout(() => resolve([]), 5_000).unref());
  return Promise.race([answer, timeout]);
}

/** The socket's lookup: resolves like Node does, then refuses the connection when any address is private. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || !addresses.length) return callback(new PrivateAddressError(bad?.address ?? hostname), '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
