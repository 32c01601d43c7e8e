// The face re-check worker on its own: `npx tsx scripts/face-worker.ts`. Run as many as you like
// (jobs are claimed with FOR UPDATE SKIP LOCKED); give the web instances FACE_WORKER=off then.
import { existsSync } from 'node:fs';

if (existsSync('.env') && typeof process.loadEnvFile === 'function') process.loadEnvFile('.env');

const { startFaceWorker } = await import('@/features/face/server/engine/worker');
const { faceEngine } = await import('@/features/face/server/engine/engine');
const { disconnectDb } = await import('@/lib/server/db');

await faceEngine();
console.log('[face-worker] engine ready, waiting for jobs');
const worker = startFaceWorker();

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[face-worker] ${signal}: finishing the current job`);
  await worker.stop();
  await disconnectDb();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
