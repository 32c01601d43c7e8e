// Starts the in-process daily close once per server process when DAILY_CLOSE_WORKER=on (the default).
import { getEnv } from '@/lib/env';
import { onShutdown } from '@/lib/server/lifecycle';
import { startDailyCloseWorker } from '@/lib/server/jobs/daily-close-worker';

const holder = globalThis as typeof globalThis & { __absensiDailyClose?: boolean };

export function maybeStartDailyClose(): void {
  if (holder.__absensiDailyClose || getEnv().DAILY_CLOSE_WORKER !== 'on') return;
  holder.__absensiDailyClose = true;
  const worker = startDailyCloseWorker();
  // Stops before the database pool closes (order 100).
  onShutdown('daily-close', () => worker.stop(), 50);
}
