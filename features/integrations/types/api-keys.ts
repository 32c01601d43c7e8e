// API keys as the admin sees them (docs/integrations.md): never the key itself, except once on creation.
import type { ApiKeyScope } from '@/features/integrations/lib/scopes';

export type ApiKeyDto = {
  id: string;
  name: string;
  /** The key's first characters (`absk_` and 6 more), to tell keys apart. */
  prefix: string;
  scopes: ApiKeyScope[];
  status: 'aktif' | 'dicabut';
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** The answer to POST /api/api-keys: the only time the whole key is shown. */
export type CreatedApiKeyDto = { apiKey: ApiKeyDto; key: string };
