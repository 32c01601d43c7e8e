import { json, route } from '@/lib/server/http';
import * as corrections from '@/features/corrections/server/corrections';
import { correctionListQuery, correctionSchema } from '@/features/corrections/validation/corrections';

export const GET = route({ auth: 'user', query: correctionListQuery }, ({ user, query }) => corrections.listCorrections(user, query));

// A 2 MB attachment is about 2.7 MB of base64.
export const POST = route({ auth: 'user', body: correctionSchema, maxBodyBytes: 3 * 1024 * 1024 }, async ({ user, body }) =>
  json(await corrections.createCorrection(user, body), { status: 201 }),
);
