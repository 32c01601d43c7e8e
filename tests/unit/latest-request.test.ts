// The guard every filtered page uses so that a slow earlier answer cannot overwrite the filter just picked.
import { describe, expect, it } from 'vitest';
import { latestRequests } from '@/lib/ui/latest-request';

/** A request whose answer arrives when the test says so. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('latestRequests', () => {
  it('keeps only the answer of the last load, whatever order the answers arrive in', async () => {
    const begin = latestRequests();
    const shown: string[] = [];
    const finished: string[] = [];
    const load = async (name: string, answer: Promise<string>) => {
      const latest = begin();
      try {
        shown.push(await latest(answer));
      } finally {
        finished.push(name);
      }
    };
    const first = deferred<string>();
    const second = deferred<string>();
    void load('first', first.promise); // the page's first load (this year)
    void load('second', second.promise); // the year picked meanwhile
    second.resolve('2024');
    await settled();
    first.resolve('2026'); // the first answer arrives last
    await settled();
    expect(shown).toEqual(['2024']);
    // The superseded load went no further: not even its finally (the page's loading flag is the later load's).
    expect(finished).toEqual(['second']);
  });

  it("a superseded load's error is not reported; the latest load's is", async () => {
    const begin = latestRequests();
    const errors: unknown[] = [];
    const load = async (answer: Promise<string>) => {
      const latest = begin();
      try {
        await latest(answer);
      } catch (err) {
        errors.push(err);
      }
    };
    const old = deferred<string>();
    const now = deferred<string>();
    void load(old.promise);
    void load(now.promise);
    old.reject(new Error('old'));
    now.reject(new Error('now'));
    await settled();
    expect(errors.map((e) => (e as Error).message)).toEqual(['now']);
  });

  it('every promise of the latest load settles as usual, and each counter is separate', async () => {
    const begin = latestRequests();
    const other = latestRequests();
    const latest = begin();
    expect(await latest(Promise.resolve(1))).toBe(1);
    const elsewhere = other();
    expect(await latest(Promise.resolve(2))).toBe(2);
    expect(await elsewhere(Promise.resolve(3))).toBe(3);
  });
});
