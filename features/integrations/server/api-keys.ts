// API keys for integrations (docs/integrations.md): an admin creates one with its scopes and sees the
// key once (only sha256 of it is stored), lists them with when each was last used, and revokes one.
// Creation and revocation each write an audit row in the same transaction. A key can never manage keys:
// no scope opens these routes (features/integrations/lib/scopes.ts).
import { randomBytes } from 'node:crypto';
import { db } from '@/lib/server/db';
import { conflict, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { assertAdmin } from '@/lib/server/auth/policy';
import { hashApiKey } from '@/lib/server/auth/api-key';
import type { SessionUser } from '@/lib/server/auth/session';
import { API_KEY_PREFIX, type ApiKeyScope } from '@/features/integrations/lib/scopes';
import type { CreateApiKeyInput } from '@/features/integrations/validation/api-keys';
import type { ApiKeyDto, CreatedApiKeyDto } from '@/features/integrations/types/api-keys';

const ADMIN_ONLY = 'Hanya administrator yang dapat mengelola kunci API.';
const PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

function apiKeyDto(k: ApiKeyRow): ApiKeyDto {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes as ApiKeyScope[],
    status: k.revokedAt ? 'dicabut' : 'aktif',
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  };
}

const SELECT = { id: true, name: true, prefix: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

export async function createApiKey(actor: SessionUser, input: CreateApiKeyInput): Promise<CreatedApiKeyDto> {
  assertAdmin(actor, ADMIN_ONLY);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.$transaction(async (tx) => {
    const k = await tx.apiKey.create({
      data: {
        name: input.name,
        prefix: key.slice(0, PREFIX_LENGTH),
        secretHash: hashApiKey(key),
        scopes: input.scopes,
        createdById: actor.id,
      },
      select: SELECT,
    });
    await recordAudit(tx, {
      actor,
      kind: 'api_key.create',
      entity: 'ApiKey',
      entityId: k.id,
      after: { name: k.name, prefix: k.prefix, scopes: k.scopes },
    });
    return k;
  });
  return { apiKey: apiKeyDto(row), key };
}

export async function listApiKeys(actor: SessionUser): Promise<ApiKeyDto[]> {
  assertAdmin(actor, ADMIN_ONLY);
  const rows = await db.apiKey.findMany({
    select: SELECT,
    orderBy: [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'desc' }],
  });
  return rows.map(apiKeyDto);
}

/** Revocation ends the key at once and keeps the row, so the audit trail and the list still name it. */
export async function revokeApiKey(actor: SessionUser, id: string, now = new Date()): Promise<ApiKeyDto> {
  assertAdmin(actor, ADMIN_ONLY);
  return db.$transaction(async (tx) => {
    const before = await tx.apiKey.findUnique({ where: { id }, select: SELECT });
    if (!before) throw notFound('Kunci API tidak ditemukan');
    if (before.revokedAt) throw conflict('Kunci API ini sudah dicabut');
    const k = await tx.apiKey.update({ where: { id }, data: { revokedAt: now, revokedById: actor.id }, select: SELECT });
    await recordAudit(tx, {
      actor,
      kind: 'api_key.revoke',
      entity: 'ApiKey',
      entityId: id,
      before: { name: before.name, prefix: before.prefix, scopes: before.scopes },
    });
    return apiKeyDto(k);
  });
}
