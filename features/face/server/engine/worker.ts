// The background re-check loop: claims due jobs from the PostgreSQL queue and runs up to one per
// engine thread at a time (FACE_ENGINE_THREADS, default one per core), and once a day deletes
// attendance photos past their retention. Runs inside the app (instrumentation.ts, when
// FACE_WORKER=on) or alone (`npm run worker`); any number of copies may run.
import { performance } from 'node:perf_hooks';
import { claimJobs } from '@/features/face/server/engine/queue';
import { runClaimedJob } from '@/features/face/server/engine/recheck';
import { engineThreadCount } from '@/features/face/server/engine/engine';
import { deleteExpiredAttendancePhotos } from '@/features/face/server/engine/retention';

export type FaceWorker = { stop(): Promise<void> };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Re-checks give way to requests. A re-check is ~0.25 s of CPU in an engine thread; at the morning
 * rush that CPU is better spent answering check-ins (the threads' low OS priority is not enough: the
 * database and the rest of the machine compete too). So before each job the worker looks at how busy
 * this process's event loop was since the last look; above `busy` it waits `stepMs` and looks again,
 * but never more than `maxWaitMs` in a row, so the queue always moves (at least one job per
 * `maxWaitMs`) and drains at full speed once the rush is over. Jobs are durable rows: waiting loses nothing.
 */
export type GiveWay = { busy: number; stepMs: number; maxWaitMs: number };
export const GIVE_WAY: GiveWay = { busy: 0.5, stepMs: 250, maxWaitMs: 5_000 };

/** Event-loop utilization (0..1) of this thread since the previous call. */
export function loopUtilizationMeter(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

/** Waits while the process is busy (see GIVE_WAY). Returns how many steps it waited. */
export async function giveWay(
  opts: GiveWay,
  meter: () => number,
  sleep: (ms: number) => Promise<void>,
  running: () => boolean,
): Promise<number> {
  let steps = 0;
  while (running() && steps * opts.stepMs < opts.maxWaitMs && meter() > opts.busy) {
    await sleep(opts.stepMs);
    steps++;
  }
  return steps;
}

export function startFaceWorker(
  opts: { pollMs?: number; retentionEveryMs?: number; giveWay?: GiveWay; concurrency?: number } = {},
): FaceWorker {
  const pollMs = opts.pollMs ?? 2_000;
  const concurrency = opts.concurrency ?? engineThreadCount();
  const meter = loopUtilizationMeter();
  const retentionEveryMs = opts.retentionEveryMs ?? DAY_MS;
  let running = true;
  let lastRetention = 0;
  let wake: (() => void) | null = null;
  let failures = 0;
  // Jobs being re-checked now, at most `concurrency`: each goes to an engine thread of its own.
  const inFlight = new Set<Promise<void>>();

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
        if (inFlight.size >= concurrency) {
          await Promise.race(inFlight);
          continue;
        }
        await giveWay(opts.giveWay ?? GIVE_WAY, meter, sleep, () => running);
        if (!running) break;
        const [job] = await claimJobs(1);
        failures = 0;
        if (!job) {
          // Nothing due: wait for the running jobs, or poll again later.
          await (inFlight.size ? Promise.race(inFlight) : sleep(pollMs));
          continue;
        }
        const run: Promise<void> = runClaimedJob(job).then(
          () => void inFlight.delete(run),
          () => void inFlight.delete(run),
        );
        inFlight.add(run);
      } catch (err) {
        // The database may be briefly unreachable: back off, keep going.
        failures++;
        console.error('[face-worker]', err instanceof Error ? err.message : err);
        if (running) await sleep(Math.min(60_000, pollMs * 2 ** failures));
      }
    }
    // Stopping: the jobs already claimed finish (their verdicts are written) before the pool closes.
    await Promise.all(inFlight);
  })();

  return {
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
