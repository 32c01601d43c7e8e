// Kiosks (docs/kiosk.md): an admin creates one for an office and receives a one-time pairing code (10
// minutes); the tablet exchanges the code for its own credential (POST /api/kiosk/pair). Admins list,
// rename and revoke them. Creation, rename, pairing and revocation each write an audit row in the same
// transaction. Only hashes are stored: the code and the credential are shown once.
import { randomBytes, randomInt } from 'node:crypto';
import { db } from '@/lib/server/db';
import { conflict, notFound, unprocessable } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { assertAdmin } from '@/lib/server/auth/policy';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Prisma } from '@/lib/generated/prisma/client';
import { CREDENTIAL_PREFIX, sha256Hex } from '@/features/kiosk/lib/credential';
import { PAIRING_ALPHABET, PAIRING_CODE_LENGTH, PAIRING_TTL_MS, type CreateKioskInput } from '@/features/kiosk/validation/kiosk';
import type { CreatedKioskDto, KioskDto, PairedKioskDto } from '@/features/kiosk/types/kiosk';

const ADMIN_ONLY = 'Hanya administrator yang dapat mengelola kiosk.';
export const PAIRING_INVALID = 'Kode pemasangan tidak dikenal, sudah dipakai, atau sudah kedaluwarsa. Minta kode baru ke administrator.';

const withOffice = { office: { select: { id: true, name: true, timezone: true } } } as const;
type KioskRow = Prisma.KioskGetPayload<{ include: typeof withOffice }>;

export function kioskDto(k: KioskRow): KioskDto {
  return {
    id: k.id,
    name: k.name,
    office: { id: k.office.id, name: k.office.name },
    status: k.revokedAt ? 'dicabut' : k.pairedAt ? 'aktif' : 'menunggu',
    pairingExpiresAt: k.pairedAt || k.revokedAt ? null : (k.pairingExpiresAt?.toISOString() ?? null),
    pairedAt: k.pairedAt?.toISOString() ?? null,
    lastSeenAt: k.lastSeenAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    notMeCount: k.notMeCount,
    createdAt: k.createdAt.toISOString(),
  };
}

const newPairingCode = () =>
  Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join('');

export async function createKiosk(actor: SessionUser, input: CreateKioskInput, now = new Date()): Promise<CreatedKioskDto> {
  assertAdmin(actor, ADMIN_ONLY);
  const office = await db.office.findUnique({ where: { id: input.officeId }, select: { active: true } });
  if (!office?.active) throw unprocessable('Kantor tidak ditemukan atau sudah nonaktif', 'UNPROCESSABLE');
  const code = newPairingCode();
  const expiresAt = new Date(now.getTime() + PAIRING_TTL_MS);
  const kiosk = await db.$transaction(async (tx) => {
    const k = await tx.kiosk.create({
      data: {
        name: input.name,
        officeId: input.officeId,
        pairingCodeHash: await sha256Hex(code),
        pairingExpiresAt: expiresAt,
        createdById: actor.id,
      },
      include: withOffice,
    });
    await recordAudit(tx, { actor, kind: 'kiosk.create', entity: 'Kiosk', entityId: k.id, after: { name: k.name, office: k.office.name } });
    return k;
  });
  return { kiosk: kioskDto(kiosk), pairingCode: code, pairingExpiresAt: expiresAt.toISOString() };
}

export async function listKiosks(actor: SessionUser): Promise<KioskDto[]> {
  assertAdmin(actor, ADMIN_ONLY);
  const rows = await db.kiosk.findMany({
    include: withOffice,
    orderBy: [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'desc' }],
  });
  return rows.map(kioskDto);
}

export async function renameKiosk(actor: SessionUser, id: string, name: string): Promise<KioskDto> {
  assertAdmin(actor, ADMIN_ONLY);
  return db.$transaction(async (tx) => {
    const before = await tx.kiosk.findUnique({ where: { id }, select: { name: true } });
    if (!before) throw notFound('Kiosk tidak ditemukan');
    const k = await tx.kiosk.update({ where: { id }, data: { name }, include: withOffice });
    await recordAudit(tx, { actor, kind: 'kiosk.rename', entity: 'Kiosk', entityId: id, before, after: { name } });
    return kioskDto(k);
  });
}

/** Revocation ends the credential at once (its hash is erased) and keeps the row, so its punches still name it. */
export async function revokeKiosk(actor: SessionUser, id: string, now = new Date()): Promise<KioskDto> {
  assertAdmin(actor, ADMIN_ONLY);
  return db.$transaction(async (tx) => {
    const before = await tx.kiosk.findUnique({ where: { id }, select: { name: true, revokedAt: true, pairedAt: true } });
    if (!before) throw notFound('Kiosk tidak ditemukan');
    if (before.revokedAt) throw conflict('Kiosk ini sudah dicabut');
    const k = await tx.kiosk.update({
      where: { id },
      data: { revokedAt: now, credentialHash: null, pairingCodeHash: null, pairingExpiresAt: null },
      include: withOffice,
    });
    await recordAudit(tx, {
      actor,
      kind: 'kiosk.revoke',
      entity: 'Kiosk',
      entityId: id,
      before: { name: before.name, paired: !!before.pairedAt },
    });
    return kioskDto(k);
  });
}

/**
 * The tablet's side: a code that is known, unused and unexpired becomes the kiosk's credential. One
 * conditional update takes the code, so of two tablets with the same code exactly one is paired.
 */
export async function pairKiosk(code: string, now = new Date()): Promise<PairedKioskDto> {
  const secret = randomBytes(32).toString('base64url');
  const codeHash = await sha256Hex(code);
  return db.$transaction(async (tx) => {
    const taken = await tx.kiosk.updateMany({
      where: { pairingCodeHash: codeHash, pairingExpiresAt: { gt: now }, revokedAt: null, pairedAt: null },
      data: { pairingCodeHash: null, pairingExpiresAt: null, credentialHash: await sha256Hex(secret), pairedAt: now, lastSeenAt: now },
    });
    if (taken.count !== 1) throw unprocessable(PAIRING_INVALID, 'PAIRING_INVALID');
    const k = await tx.kiosk.findFirstOrThrow({ where: { pairedAt: now, credentialHash: await sha256Hex(secret) }, include: withOffice });
    await recordAudit(tx, {
      actor: null,
      kind: 'kiosk.pair',
      entity: 'Kiosk',
      entityId: k.id,
      after: { name: k.name, office: k.office.name },
    });
    return {
      id: k.id,
      name: k.name,
      office: k.office,
      serverTime: now.toISOString(),
      credential: `${CREDENTIAL_PREFIX}${k.id}.${secret}`,
    };
  });
}
