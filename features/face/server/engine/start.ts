// Starts the in-process face worker once per server process when FACE_WORKER=on (the default).
import { getEnv } from '@/lib/env';
import { onShutdown } from '@/lib/server/lifecycle';
import { startFaceWorker } from '@/features/face/server/engine/worker';

const holder = globalThis as typeof globalThis & { __absensiFaceWorker?: boolean };

export function maybeStartFaceWorker(): void {
  if (holder.__absensiFaceWorker || getEnv().FACE_WORKER !== 'on') return;
  holder.__absensiFaceWorker = true;
  const worker = startFaceWorker();
  // Stops before the database pool closes (order 100).
  onShutdown('face-worker', () => worker.stop(), 50);
}
