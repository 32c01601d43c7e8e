// The guard every filtered page uses so that a slow earlier answer cannot overwrite the filter just picked.
import { describe, expect, it } from 'vitest';
import { latestRequests } from '@/lib/ui/latest-request';

/** A request whose answer arrives when the test says so. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('latestRequests', () => {
  it('keeps only the answer of the last request, whatever order the answers arrive in', async () => {
    const begin = latestRequests();
    let shown = 'nothing';
    const load = async (answer: Promise<string>) => {
      const current = begin();
      const value = await answer;
      if (current()) shown = value;
    };
    const first = deferred<string>();
    const second = deferred<string>();
    const a = load(first.promise); // the page's first load (this year)
    const b = load(second.promise); // the year picked meanwhile
    second.resolve('2024');
    await b;
    first.resolve('2026'); // the first answer arrives last
    await a;
    expect(shown).toBe('2024');
  });

  it('a check stays true until the next request starts, and each counter is separate', () => {
    const begin = latestRequests();
    const other = latestRequests();
    const one = begin();
    expect(one()).toBe(true);
    const elsewhere = other();
    expect(one()).toBe(true);
    const two = begin();
    expect(one()).toBe(false);
    expect(two()).toBe(true);
    expect(elsewhere()).toBe(true);
  });
});
