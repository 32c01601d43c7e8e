import { describe, expect, it } from 'vitest';
import { giveWay, loopUtilizationMeter, type GiveWay } from '@/features/face/server/engine/worker';

const opts: GiveWay = { busy: 0.5, stepMs: 250, maxWaitMs: 1_000 };
const noSleep = async () => undefined;

describe('re-checks give way to requests', () => {
  it('runs at once when the process is not busy', async () => {
    expect(
      await giveWay(
        opts,
        () => 0.1,
        noSleep,
        () => true,
      ),
    ).toBe(0);
  });

  it('waits while busy and goes on as soon as the load drops', async () => {
    const readings = [0.9, 0.8, 0.7, 0.2];
    const slept: number[] = [];
    const steps = await giveWay(
      opts,
      () => readings.shift()!,
      async (ms) => void slept.push(ms),
      () => true,
    );
    expect(steps).toBe(3);
    expect(slept).toEqual([250, 250, 250]);
  });

  it('never waits longer than maxWaitMs in a row, so the queue always moves', async () => {
    expect(
      await giveWay(
        opts,
        () => 1,
        noSleep,
        () => true,
      ),
    ).toBe(4);
  });

  it('stops waiting when the worker stops', async () => {
    let running = true;
    const steps = await giveWay(
      opts,
      () => 1,
      async () => void (running = false),
      () => running,
    );
    expect(steps).toBe(1);
  });

  it('measures the event loop: busy while it spins, idle while it sleeps', async () => {
    // Windows long enough that a garbage collection or the test runner's own messages (tens of ms on a
    // loaded machine) cannot tip either verdict: spinning is busy even when the process is descheduled,
    // and a sleep is idle even when the wake-up comes late.
    const meter = loopUtilizationMeter();
    const until = Date.now() + 200;
    while (Date.now() < until); // keep the loop busy
    expect(meter()).toBeGreaterThan(0.8);
    await new Promise((r) => setTimeout(r, 400));
    expect(meter()).toBeLessThan(0.3);
  });
});
