// The anti-fraud rules with worked examples (features/attendance/lib/anti-fraud.ts, docs/anti-fraud.md).
import { describe, expect, it } from 'vitest';
import { generateKeyPairSync, sign } from 'node:crypto';
import {
  clockSkewMinutes,
  ipAllowed,
  isClockSkewed,
  isImpossibleSpeed,
  isValidIpRule,
  judgePosition,
  minimumSpeedKmh,
  pickSteps,
  sameCoordinates,
  LIVENESS_STEPS,
} from '@/features/attendance/lib/anti-fraud';
import { judgeDevice, verifyDeviceSignature } from '@/features/anti-fraud/server/devices';

/** Metres per degree of latitude on a 6371 km sphere: 6,371,000 × π / 180 = 111,194.93. */
const M_PER_DEG = 111_194.93;

describe('position judged with its accuracy (radius 100 m)', () => {
  it.each([
    [60, 30, 'inside'], // 60 + 30 = 90 ≤ 100
    [70, 30, 'inside'], // 70 + 30 = 100 ≤ 100 (the edge counts as inside)
    [90, 30, 'review'], // 90 + 30 = 120 > 100 but 90 − 30 = 60 ≤ 100
    [130, 30, 'review'], // 130 − 30 = 100, not > 100
    [140, 30, 'outside'], // 140 − 30 = 110 > 100
    [100, 0, 'inside'], // a perfect fix on the radius: the spec's distance ≤ radius
    [101, 0, 'outside'],
    [0, 150, 'review'], // at the office but ±150 m: may be outside
  ] as const)('distance %d ± %d → %s', (distance, accuracy, verdict) => {
    expect(judgePosition(distance, accuracy, 100)).toBe(verdict);
  });
});

describe('client clock', () => {
  const server = new Date('2026-11-24T01:00:00Z');
  it('5 min 0 s either way passes; 5 min 6 s is flagged (limit 5 min)', () => {
    expect(isClockSkewed(new Date('2026-11-24T01:05:00Z'), server, 5)).toBe(false);
    expect(isClockSkewed(new Date('2026-11-24T00:55:00Z'), server, 5)).toBe(false);
    expect(isClockSkewed(new Date('2026-11-24T01:05:06Z'), server, 5)).toBe(true);
    expect(isClockSkewed(new Date('2026-11-24T00:54:54Z'), server, 5)).toBe(true);
  });
  it('skew in minutes, one decimal, positive when the client is ahead', () => {
    expect(clockSkewMinutes(new Date('2026-11-24T01:07:30Z'), server)).toBe(7.5);
    expect(clockSkewMinutes(new Date('2026-11-24T00:50:00Z'), server)).toBe(-10);
  });
});

describe('speed between consecutive punches (limit 200 km/h)', () => {
  const at = (iso: string, km: number, accuracy: number | null = null) => ({
    at: new Date(iso),
    latitude: -6.2 + (km * 1000) / M_PER_DEG,
    longitude: 106.8,
    accuracy,
  });
  it('100 km in 15 minutes = 400 km/h: flagged', () => {
    const a = at('2026-11-24T01:00:00Z', 0);
    const b = at('2026-11-24T01:15:00Z', 100);
    expect(minimumSpeedKmh(a, b)).toBeCloseTo(400, 0);
    expect(isImpossibleSpeed(a, b)).toBe(true);
  });
  it('10 km in 15 minutes = 40 km/h: not flagged', () => {
    expect(isImpossibleSpeed(at('2026-11-24T01:00:00Z', 0), at('2026-11-24T01:15:00Z', 10))).toBe(false);
  });
  it('accuracies are taken off the distance: 1 km ± 500 m each in one minute is 0 km/h', () => {
    // 1000 − 500 − 500 = 0 m.
    expect(minimumSpeedKmh(at('2026-11-24T01:00:00Z', 0, 500), at('2026-11-24T01:01:00Z', 1, 500))).toBeCloseTo(0, 5);
  });
  it('Jakarta check-out to Makassar check-in (1,400 km) 6 hours later is 233 km/h: flagged; 8 hours, 175 km/h: not', () => {
    expect(isImpossibleSpeed(at('2026-11-24T10:00:00Z', 0), at('2026-11-24T16:00:00Z', 1400))).toBe(true);
    expect(isImpossibleSpeed(at('2026-11-24T10:00:00Z', 0), at('2026-11-24T18:00:00Z', 1400))).toBe(false);
  });
  it('no time between the punches: no speed', () => {
    expect(minimumSpeedKmh(at('2026-11-24T10:00:00Z', 0), at('2026-11-24T10:00:00Z', 5))).toBeNull();
  });
});

describe('identical coordinates (6 decimals)', () => {
  it('−6.1751234 and −6.17512344 agree to 6 decimals; −6.1751214 does not', () => {
    expect(sameCoordinates({ latitude: -6.1751234, longitude: 106.8271534 }, { latitude: -6.17512344, longitude: 106.8271534 })).toBe(true);
    expect(sameCoordinates({ latitude: -6.1751234, longitude: 106.8271534 }, { latitude: -6.1751214, longitude: 106.8271534 })).toBe(false);
  });
});

describe('office network', () => {
  it('single addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(ipAllowed('203.0.113.200', ['203.0.113.0/24'])).toBe(true);
    expect(ipAllowed('203.0.114.1', ['203.0.113.0/24'])).toBe(false);
    expect(ipAllowed('198.51.100.7', ['198.51.100.7'])).toBe(true);
    expect(ipAllowed('198.51.100.8', ['198.51.100.7'])).toBe(false);
    expect(ipAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db9::1', ['2001:db8::/32'])).toBe(false);
    expect(ipAllowed('unknown', ['0.0.0.0/0'])).toBe(false);
    expect(ipAllowed('10.1.2.3', ['0.0.0.0/0'])).toBe(true);
  });
  it('rules are validated', () => {
    for (const ok of ['203.0.113.7', '203.0.113.0/24', '2001:db8::/32', '::1']) expect(isValidIpRule(ok)).toBe(true);
    for (const bad of ['203.0.113.256', '203.0.113.0/33', 'kantor', '1.2.3', '2001:db8::/129', '1.2.3.4/'])
      expect(isValidIpRule(bad)).toBe(false);
  });
});

describe('challenge steps', () => {
  it('two distinct steps; each of the 6 orders is reachable', () => {
    const orders = new Set<string>();
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 2; b++) {
        const picks = [a, b];
        const steps = pickSteps(() => picks.shift()!);
        expect(new Set(steps).size).toBe(2);
        for (const s of steps) expect(LIVENESS_STEPS).toContain(s);
        orders.add(steps.join('>'));
      }
    expect(orders.size).toBe(6);
  });
});

describe('device signature', () => {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const spki = pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  const sig = (m: string) => sign('sha256', Buffer.from(m), { key: pair.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64');
  const message = 'absensi:check-in:c1:u1';
  it('verifies WebCrypto-style (raw r‖s) signatures and nothing else', () => {
    expect(verifyDeviceSignature(spki, message, sig(message))).toBe(true);
    expect(verifyDeviceSignature(spki, 'absensi:check-out:c1:u1', sig(message))).toBe(false);
    expect(verifyDeviceSignature(spki, message, Buffer.alloc(64).toString('base64'))).toBe(false);
    expect(verifyDeviceSignature('AAAA', message, sig(message))).toBe(false);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    expect(verifyDeviceSignature(rsa, message, sig(message))).toBe(false);
  });
  it('policy: off ignores, flag flags, require refuses', () => {
    const devices = [{ id: 'd1', publicKey: spki }];
    expect(judgeDevice({ policy: 'flag', devices, deviceId: 'd1', signature: sig(message), message })).toBeNull();
    expect(judgeDevice({ policy: 'flag', devices, deviceId: null, signature: null, message })).toEqual({
      reason: 'device',
      detail: { kind: 'missing', deviceId: null, registered: 1 },
    });
    expect(judgeDevice({ policy: 'flag', devices, deviceId: 'd2', signature: sig(message), message })?.detail).toMatchObject({
      kind: 'unregistered',
    });
    expect(judgeDevice({ policy: 'flag', devices, deviceId: 'd1', signature: sig('x'), message })?.detail).toMatchObject({
      kind: 'signature',
    });
    expect(judgeDevice({ policy: 'off', devices, deviceId: null, signature: null, message })).toBeNull();
    expect(() => judgeDevice({ policy: 'require', devices, deviceId: null, signature: null, message })).toThrow(/belum terdaftar/);
  });
});
