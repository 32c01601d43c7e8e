// The background re-check loop: claims due jobs from the PostgreSQL queue one at a time, and once a
// day deletes attendance photos past their retention. Runs inside the app (instrumentation.ts, when
// FACE_WORKER=on) or alone (`npx tsx scripts/face-worker.ts`); any number of copies may run.
import { drainFaceJobs } from '@/lib/server/face/recheck';
import { deleteExpiredAttendancePhotos } from '@/lib/server/face/retention';

export type FaceWorker = { stop(): Promise<void> };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Batch per wake-up: short, so stop() never waits long. */
const BATCH = 10;

export function startFaceWorker(opts: { pollMs?: number; retentionEveryMs?: number } = {}): FaceWorker {
  const pollMs = opts.pollMs ?? 2_000;
  const retentionEveryMs = opts.retentionEveryMs ?? DAY_MS;
  let running = true;
  let lastRetention = 0;
  let wake: (() => void) | null = null;
  let failures = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (running) {
      try {
        if (Date.now() - lastRetention >= retentionEveryMs) {
          lastRetention = Date.now();
          const { deleted } = await deleteExpiredAttendancePhotos();
          if (deleted) console.log(`[face-worker] retention: deleted ${deleted} attendance photo(s)`);
        }
        const processed = await drainFaceJobs(BATCH);
        failures = 0;
        if (processed === 0 && running) await sleep(pollMs);
      } catch (err) {
        // The database may be briefly unreachable: back off, keep going.
        failures++;
        console.error('[face-worker]', err instanceof Error ? err.message : err);
        if (running) await sleep(Math.min(60_000, pollMs * 2 ** failures));
      }
    }
  })();

  return {
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
