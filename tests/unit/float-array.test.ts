import { describe, expect, it } from 'vitest';
import { floatArrayLiteral, parseFloatArray } from '@/lib/server/db';

describe('float8[] as text', () => {
  it('round-trips descriptors exactly', () => {
    // eslint-disable-next-line no-loss-of-precision -- the literal is the point: it must round-trip as the double it becomes
    const xs = [0.1, -0.023456789012345678, 1e-7, -3.5e-12, 0, 123.456, Number.MIN_VALUE];
    expect(floatArrayLiteral(xs)).toBe(`{${xs.map(String).join(',')}}`);
    expect(parseFloatArray(floatArrayLiteral(xs))).toEqual(xs);
  });

  it('reads what PostgreSQL prints, and nothing else', () => {
    expect(parseFloatArray('{0.1,-0.02,1e-05,-1.5e+20}')).toEqual([0.1, -0.02, 1e-5, -1.5e20]);
    expect(parseFloatArray('{}')).toEqual([]);
    expect(parseFloatArray(null)).toBeNull();
    expect(parseFloatArray('{NaN,1}')).toBeNull();
    expect(parseFloatArray('{Infinity}')).toBeNull();
    expect(parseFloatArray('{NULL,1}')).toBeNull();
    expect(parseFloatArray('{"1",2}')).toBeNull();
    expect(parseFloatArray('[1,2]')).toBeNull();
  });
});
