import { json, route } from '@/lib/server/http';
import { createApiKey, listApiKeys } from '@/features/integrations/server/api-keys';
import { createApiKeySchema } from '@/features/integrations/validation/api-keys';

export const GET = route({ auth: ['admin'] }, ({ user }) => listApiKeys(user));
export const POST = route({ auth: ['admin'], body: createApiKeySchema }, async ({ user, body }) =>
  json(await createApiKey(user, body), { status: 201 }),
);
