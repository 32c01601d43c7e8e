// The daily close on its own: `npm run worker:close`. Any number may run beside the app instances (give
// those DAILY_CLOSE_WORKER=off if they should not close); each office-day still closes exactly once.
import { existsSync } from 'node:fs';

if (existsSync('.env') && typeof process.loadEnvFile === 'function') process.loadEnvFile('.env');

const { startDailyCloseWorker } = await import('@/lib/server/jobs/daily-close-worker');
const { disconnectDb } = await import('@/lib/server/db');

console.log('[daily-close] worker started');
const worker = startDailyCloseWorker();

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[daily-close] ${signal}: stopping`);
  await worker.stop();
  await disconnectDb();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
