// The one polling loop of the daily close and the job queue (lib/server/jobs/poll-loop.ts): rounds every
// pollMs, at once while a round says there is more, a growing wait after failures (pollMs · 2^failures,
// capped), and stop() that wakes a sleeping loop and waits for the round under way.
import { describe, expect, it, vi } from 'vitest';
import { pollLoop } from '@/lib/server/jobs/poll-loop';

const until = async (test: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('pollLoop', () => {
  it('goes on at once while a round has more, then waits pollMs; stop() wakes it at once', async () => {
    const starts: number[] = [];
    let more = 3;
    const loop = pollLoop({
      name: 'test',
      pollMs: 60_000,
      maxBackoffMs: 60_000,
      round: async () => {
        starts.push(Date.now());
        return more-- > 0;
      },
    });
    // Rounds 1–3 said "more", the 4th did not: four rounds, then a minute's sleep.
    await until(() => starts.length === 4);
    await new Promise((r) => setTimeout(r, 50));
    expect(starts).toHaveLength(4);
    const t = Date.now();
    await loop.stop();
    expect(Date.now() - t).toBeLessThan(1_000);
  });

  it('waits pollMs · 2^failures after failed rounds, at most maxBackoffMs, and starts over after a success', async () => {
    let rounds = 0;
    const outcomes = ['fail', 'fail', 'fail', 'ok', 'fail'];
    // The waits the loop asks for (the helper's own 5 ms polls aside): exact, whatever the machine's load.
    const waits: number[] = [];
    const logged: unknown[][] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const loop = pollLoop({
      name: 'test',
      pollMs: 40,
      maxBackoffMs: 200,
      round: async () => {
        rounds++;
        if (outcomes[rounds - 1] === 'fail') throw new Error('database down');
      },
    });
    try {
      await until(() => rounds === 6);
    } finally {
      await loop.stop();
      for (const call of spy.mock.calls) if (call[1] !== 5) waits.push(call[1] as number);
      logged.push(...errors.mock.calls);
      spy.mockRestore();
      errors.mockRestore();
    }
    // After failures 1, 2, 3: 80, 160, 200 (capped, not 320); after the success: 40; after a new first failure: 80.
    expect(waits.slice(0, 5)).toEqual([80, 160, 200, 40, 80]);
    expect(logged[0]).toEqual(['[test]', 'database down']);
  });

  it('stop() waits for the round under way and runs no more', async () => {
    let finished = 0;
    let release!: () => void;
    const loop = pollLoop({
      name: 'test',
      pollMs: 10,
      firstDelayMs: 0,
      maxBackoffMs: 10,
      round: () =>
        new Promise<void>((resolve) => {
          release = () => {
            finished++;
            resolve();
          };
        }),
    });
    await until(() => !!release);
    const stopped = loop.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(done).toBe(false);
    release();
    await stopped;
    expect(finished).toBe(1);
  });
});
