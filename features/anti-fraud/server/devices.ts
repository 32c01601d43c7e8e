// Device binding (docs/anti-fraud.md): an employee registers the browser they check in with by its
// public key (ECDSA P-256; the private half is a non-extractable WebCrypto key in that browser's
// IndexedDB). Every punch carries the device id and its signature of the one-time challenge; a punch
// without a valid one from the employee's own device is flagged, or refused under the 'require'
// policy. One device per employee: a new phone needs an administrator to reset the old registration
// (audited), so whoever knows the password cannot simply register their own phone.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { db, lockEmployee } from '@/lib/server/db';
import { conflict, forbidden, notFound, unprocessable } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertAdmin, assertStaff } from '@/lib/server/auth/policy';
import type { DeviceListQuery, RegisterDeviceInput } from '@/features/anti-fraud/validation/devices';
import type { PendingFlag } from '@/features/attendance/lib/anti-fraud';

export type DeviceKey = { id: string; publicKey: string };
import type { DeviceDto } from '@/features/anti-fraud/types/anti-fraud';

export type { DeviceDto } from '@/features/anti-fraud/types/anti-fraud';

export const DEVICE_MESSAGES = {
  notRegistered:
    'Perangkat ini belum terdaftar untuk akun Anda. Daftarkan perangkat di menu Akun Saya, atau minta admin mereset pendaftaran perangkat lama.',
  badKey: 'Kunci perangkat tidak valid',
  alreadyHasDevice:
    'Akun Anda sudah memiliki perangkat terdaftar. Minta admin mereset pendaftaran perangkat lama untuk mendaftarkan perangkat baru.',
  otherAccount: 'Perangkat ini sudah terdaftar untuk akun lain.',
  registered: 'Perangkat berhasil didaftarkan',
  reset: 'Pendaftaran perangkat berhasil direset',
} as const;

/** Public keys parsed once per process (a handful per employee, each a few hundred bytes). */
const keyCache = new Map<string, KeyObject | null>();

function parseKey(spkiBase64: string): KeyObject | null {
  if (keyCache.has(spkiBase64)) return keyCache.get(spkiBase64)!;
  let key: KeyObject | null = null;
  try {
    const k = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' });
    key = k.asymmetricKeyType === 'ec' && k.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? k : null;
  } catch {
    key = null;
  }
  if (keyCache.size > 10_000) keyCache.clear();
  keyCache.set(spkiBase64, key);
  return key;
}

/** Does `signature` (base64 of WebCrypto's raw r‖s, 64 bytes) sign `message` with this SPKI key (SHA-256)? */
export function verifyDeviceSignature(spkiBase64: string, message: string, signature: string): boolean {
  const key = parseKey(spkiBase64);
  if (!key) return false;
  const sig = Buffer.from(signature, 'base64');
  if (sig.length !== 64) return false;
  try {
    return verify('sha256', Buffer.from(message), { key, dsaEncoding: 'ieee-p1363' }, sig);
  } catch {
    return false;
  }
}

/**
 * The device rule of a punch: null when it came from one of the employee's registered devices with a
 * valid signature (or the policy is off); else a 'device' flag, or a refusal (403) under 'require'.
 * Whether a named device belongs to another account the check-in statement adds to the flag.
 */
export function judgeDevice(input: {
  policy: 'off' | 'flag' | 'require';
  devices: DeviceKey[];
  deviceId: string | null;
  signature: string | null;
  message: string;
}): PendingFlag | null {
  if (input.policy === 'off') return null;
  const own = input.deviceId ? input.devices.find((d) => d.id === input.deviceId) : undefined;
  let kind: 'missing' | 'unregistered' | 'signature';
  if (!input.deviceId) kind = 'missing';
  else if (!own) kind = 'unregistered';
  else if (!input.signature || !verifyDeviceSignature(own.publicKey, input.message, input.signature)) kind = 'signature';
  else return null;
  if (input.policy === 'require') throw forbidden(DEVICE_MESSAGES.notRegistered);
  return { reason: 'device', detail: { kind, deviceId: input.deviceId, registered: input.devices.length } };
}

const select = { id: true, userId: true, name: true, createdAt: true, lastUsedAt: true, user: { select: { name: true } } } as const;
type Row = { id: string; userId: string; name: string; createdAt: Date; lastUsedAt: Date | null; user: { name: string } };
const toDto = (d: Row): DeviceDto => ({
  id: d.id,
  userId: d.userId,
  userName: d.user.name,
  name: d.name,
  createdAt: d.createdAt.toISOString(),
  lastUsedAt: d.lastUsedAt?.toISOString() ?? null,
});

/** GET /devices: one's own; admins and HR also anyone's (userId) or all (all=1). */
export async function listDevices(actor: SessionUser, q: DeviceListQuery): Promise<DeviceDto[]> {
  if ((q.userId && q.userId !== actor.id) || q.all) {
    assertStaff(actor);
  }
  const where = q.all ? {} : { userId: q.userId ?? actor.id };
  const rows = await db.device.findMany({ where, select, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: 5000 });
  return rows.map(toDto);
}

/** POST /devices: registers this browser's key for the caller; one device per account, one account per key. */
export async function registerDevice(actor: SessionUser, input: RegisterDeviceInput): Promise<DeviceDto> {
  if (!parseKey(input.publicKey)) throw unprocessable(DEVICE_MESSAGES.badKey, 'DEVICE_KEY_INVALID');
  return db.$transaction(async (tx) => {
    // The employee's row lock: two registrations at once cannot both see "no device yet".
    await lockEmployee(tx, actor.id);
    const existing = await tx.device.findFirst({ where: { publicKey: input.publicKey }, select: { userId: true, id: true } });
    if (existing && existing.userId !== actor.id) throw conflict(DEVICE_MESSAGES.otherAccount, 'DEVICE_OTHER_ACCOUNT');
    if (existing) return toDto((await tx.device.findUnique({ where: { id: existing.id }, select }))!);
    if (await tx.device.count({ where: { userId: actor.id } })) throw conflict(DEVICE_MESSAGES.alreadyHasDevice, 'DEVICE_LIMIT');
    // The unique public key decides a race with another account registering the same key.
    const row = await tx.device.create({ data: { userId: actor.id, name: input.name, publicKey: input.publicKey }, select });
    await recordAudit(tx, {
      actor,
      kind: 'device.register',
      entity: 'Device',
      entityId: row.id,
      targetUserId: actor.id,
      after: { name: row.name },
    });
    return toDto(row);
  });
}

/** DELETE /devices/{id}: an administrator resets a registration (audited); the employee may register again. */
export async function resetDevice(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertAdmin(actor, 'Hanya administrator yang dapat mereset pendaftaran perangkat.');
  await db.$transaction(async (tx) => {
    const row = await tx.device.findUnique({ where: { id }, select });
    if (!row) throw notFound('Perangkat tidak ditemukan');
    const { count } = await tx.device.deleteMany({ where: { id } });
    if (count === 0) throw notFound('Perangkat tidak ditemukan');
    await recordAudit(tx, {
      actor,
      kind: 'device.reset',
      entity: 'Device',
      entityId: id,
      targetUserId: row.userId,
      before: { name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt },
    });
  });
  return { message: DEVICE_MESSAGES.reset };
}
