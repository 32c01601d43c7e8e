// The anti-fraud rules of a check-in/out as pure functions (docs/anti-fraud.md). Every coordinate,
// accuracy and clock a browser sends is its own claim: the rules refuse only what is certain and
// flag the rest for a reviewer (Perlu Tinjauan).
import { haversineMeters } from '@/lib/geo';

/** Reasons a punch waits for review, as stored (AttendanceFlag.reason). */
export const FLAG_REASONS = [
  'face',
  'liveness',
  'replay',
  'duplicate_photo',
  'device',
  'location',
  'clock',
  'speed',
  'repeated_coords',
  'ip',
  'offline',
] as const;
export type FlagReasonCode = (typeof FLAG_REASONS)[number];

/** How each reason reads in Perlu Tinjauan and on the employee's history. */
export const FLAG_LABELS: Record<FlagReasonCode, string> = {
  face: 'Wajah tidak cocok',
  liveness: 'Liveness tidak lolos',
  replay: 'Permintaan diulang',
  duplicate_photo: 'Foto sama dengan foto sebelumnya',
  device: 'Perangkat tidak terdaftar',
  location: 'Lokasi di tepi radius',
  clock: 'Jam perangkat berbeda',
  speed: 'Perpindahan terlalu cepat',
  repeated_coords: 'Koordinat sama persis dengan hari lain',
  ip: 'Jaringan di luar kantor',
  offline: 'Absen offline di kiosk',
};

/** A flag the check-in/out writes with the record: the reason and what the rule saw. */
export type PendingFlag = { reason: FlagReasonCode; detail: Record<string, unknown> };

// ---------- Position with its accuracy ----------

export type PositionVerdict = 'inside' | 'review' | 'outside';

/**
 * A reported position is somewhere within `accuracy` metres of the point. Inside when even the
 * farthest such place is within the radius (distance + accuracy ≤ radius); outside when even the
 * nearest is beyond it (distance − accuracy > radius); in between nobody can tell: review.
 * Radius 100: distance 60 ± 30 → inside (90 ≤ 100); 90 ± 30 → review (120 > 100, 60 ≤ 100);
 * 140 ± 30 → outside (110 > 100).
 */
export function judgePosition(distance: number, accuracy: number, radius: number): PositionVerdict {
  if (distance + accuracy <= radius) return 'inside';
  if (distance - accuracy > radius) return 'outside';
  return 'review';
}

/** The accuracy ceiling of the company settings, by default 100 m: worse than this, the employee retries. */
export const DEFAULT_ACCURACY_MAX_M = 100;

// ---------- Client clock ----------

export const DEFAULT_CLOCK_SKEW_MAX_MINUTES = 5;

/** Minutes between the client's clock and the server's (positive: the client is ahead), one decimal. */
export function clockSkewMinutes(client: Date, server: Date): number {
  return Math.round((client.getTime() - server.getTime()) / 6_000) / 10;
}

/** More than `maxMinutes` apart either way. 5: a client 5 min 0 s behind passes, 5 min 6 s behind is flagged. */
export function isClockSkewed(client: Date, server: Date, maxMinutes: number): boolean {
  return Math.abs(client.getTime() - server.getTime()) > maxMinutes * 60_000;
}

// ---------- Speed between consecutive punches ----------

/**
 * The fastest plausible way between two punches: 200 km/h. Faster is a train at full speed or a
 * plane; within Indonesia a plane trip also takes hours at the airports, so a check-out in Jakarta
 * and a check-in in Makassar (about 1,400 km) 6 hours later (233 km/h) is still flagged: a reviewer
 * who knows about the trip confirms it.
 */
export const MAX_SPEED_KMH = 200;

export type Punch = { at: Date; latitude: number; longitude: number; accuracy: number | null };

/**
 * Speed in km/h that the employee must at least have travelled between the two punches: the
 * distance less both accuracies (each point may lie that far off), over the time between them.
 * null when the time is not positive.
 */
export function minimumSpeedKmh(previous: Punch, next: Punch): number | null {
  const hours = (next.at.getTime() - previous.at.getTime()) / 3_600_000;
  if (hours <= 0) return null;
  const metres = Math.max(0, haversineMeters(previous, next) - (previous.accuracy ?? 0) - (next.accuracy ?? 0));
  return metres / 1000 / hours;
}

/** 100 km in 15 minutes (400 km/h) is flagged; 10 km in 15 minutes (40 km/h) is not. */
export function isImpossibleSpeed(previous: Punch, next: Punch, maxKmh = MAX_SPEED_KMH): boolean {
  const speed = minimumSpeedKmh(previous, next);
  return speed !== null && speed > maxKmh;
}

// ---------- Identical coordinates ----------

/**
 * Two positions are "identical" when latitude and longitude agree to 6 decimals (about 11 cm). A
 * real GPS fix never lands on the same 11 cm twice on different days; a faked position does.
 */
export const sameCoordinates = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
  Math.round(a.latitude * 1e6) === Math.round(b.latitude * 1e6) && Math.round(a.longitude * 1e6) === Math.round(b.longitude * 1e6);

// ---------- Office network (public IP allow-list) ----------

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

function ipv6ToBigInt(ip: string): bigint | null {
  if (!ip.includes(':')) return null;
  const [head, tail, extra] = ip.split('::');
  if (extra !== undefined) return null;
  const h = head ? head.split(':') : [];
  const t = tail !== undefined ? (tail ? tail.split(':') : []) : null;
  const groups = t === null ? h : [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.reduce((acc, g) => (acc << 16n) + BigInt(parseInt(g, 16)), 0n);
}

/** A single address or a CIDR range ('203.0.113.7', '203.0.113.0/24', '2001:db8::/32'); false for anything malformed. */
export function isValidIpRule(rule: string): boolean {
  const [addr, bits, extra] = rule.trim().split('/');
  if (extra !== undefined || !addr) return false;
  const v4 = ipv4ToInt(addr);
  const max = v4 !== null ? 32 : ipv6ToBigInt(addr) !== null ? 128 : -1;
  if (max < 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
}

/** Is `ip` one of the rules? 203.0.113.0/24 holds 203.0.113.200, not 203.0.114.1. */
export function ipAllowed(ip: string, rules: readonly string[]): boolean {
  const v4 = ipv4ToInt(ip);
  const v6 = v4 === null ? ipv6ToBigInt(ip) : null;
  for (const rule of rules) {
    const [addr = '', bitsText] = rule.trim().split('/');
    if (v4 !== null) {
      const r = ipv4ToInt(addr);
      if (r === null) continue;
      const bits = bitsText === undefined ? 32 : Number(bitsText);
      const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
      if ((v4 & mask) >>> 0 === (r & mask) >>> 0) return true;
    } else if (v6 !== null) {
      const r = ipv6ToBigInt(addr);
      if (r === null) continue;
      const bits = BigInt(bitsText === undefined ? 128 : Number(bitsText));
      const shift = 128n - bits;
      if (v6 >> shift === r >> shift) return true;
    }
  }
  return false;
}

// ---------- Challenge ----------

export const LIVENESS_STEPS = ['kedip', 'toleh_kiri', 'toleh_kanan'] as const;
export type LivenessStep = (typeof LIVENESS_STEPS)[number];
/** A challenge lives 60 seconds. */
export const CHALLENGE_TTL_MS = 60_000;

/** Two distinct steps in a random order, from three random bytes' worth of choice (6 orders, each 1/6). */
export function pickSteps(randomInt: (max: number) => number): [LivenessStep, LivenessStep] {
  const pool = [...LIVENESS_STEPS];
  const first = pool.splice(randomInt(pool.length), 1)[0]!;
  const second = pool[randomInt(pool.length)]!;
  return [first, second];
}
