import { json, route } from '@/lib/server/http';
import * as corrections from '@/features/corrections/server/corrections';
import { correctionListQuery, correctionSchema } from '@/features/corrections/validation/corrections';
import { pageHeaders } from '@/features/attendance/lib/history-pages';

// With `page`, one page with its total in X-Total-Count (the attendance history's convention).
export const GET = route({ auth: 'user', query: correctionListQuery }, async ({ user, query }) => {
  if (!query.page) return corrections.listCorrections(user, query);
  const { items, ...info } = await corrections.pageCorrections(user, query);
  return json(items, { headers: pageHeaders(info) });
});

// A 2 MB attachment is about 2.7 MB of base64.
export const POST = route({ auth: 'user', body: correctionSchema, maxBodyBytes: 3 * 1024 * 1024 }, async ({ user, body }) =>
  json(await corrections.createCorrection(user, body), { status: 201 }),
);
