// Liveness + readiness in one: the process answers, the database answers a trivial query in time,
// and the server is not stopping. Load balancers and the reliability tests poll it.
import { db } from '@/lib/server/db';
import { AppError, UNAVAILABLE_MESSAGE } from '@/lib/server/errors';
import { isShuttingDown } from '@/lib/server/lifecycle';

const DB_CHECK_TIMEOUT_MS = 3000;

export type HealthDto = { status: 'ok'; database: 'ok'; time: string };

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => {
    setTimeout(() => reject(new Error('health check timed out')), ms).unref();
  });
}

export async function checkHealth(): Promise<HealthDto> {
  if (isShuttingDown()) throw new AppError(503, 'UNAVAILABLE', 'Server sedang dihentikan. Silakan coba lagi sebentar lagi.');
  try {
    await Promise.race([db.$queryRaw`SELECT 1`, timeout(DB_CHECK_TIMEOUT_MS)]);
  } catch (err) {
    console.error('[health] database check failed:', err instanceof Error ? err.message : err);
    throw new AppError(503, 'UNAVAILABLE', UNAVAILABLE_MESSAGE);
  }
  return { status: 'ok', database: 'ok', time: new Date().toISOString() };
}
