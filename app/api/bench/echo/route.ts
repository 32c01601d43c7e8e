// Benchmark baseline (bench/checkin.bench.ts): the same request body as a check-in, read and parsed,
// answered with a small JSON, and nothing else. Absent (404) unless ENABLE_BENCH_ROUTES=1.
import { type NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import { errorBody, notFound } from '@/lib/server/errors';
import { json } from '@/lib/server/http';

export async function POST(req: NextRequest): Promise<Response> {
  if (getEnv().ENABLE_BENCH_ROUTES !== '1') return json(errorBody(notFound()), { status: 404 });
  let body: unknown;
  try {
    body = JSON.parse(await req.text());
  } catch {
    return json({ error: 'Format data tidak valid', code: 'BAD_JSON' }, { status: 400 });
  }
  const fields = body && typeof body === 'object' ? Object.keys(body).length : 0;
  return json({ ok: true, fields });
}
