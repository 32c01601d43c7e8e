// Near-identical photos (features/face/server/engine/phash.ts): copies stay within DUPLICATE_BITS, other photos do not.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { DUPLICATE_BITS, hashDistance, photoHash } from '@/features/face/server/engine/phash';
import { decodeRgba, resizeRgba } from '@/features/face/server/engine/image';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/faces/${name}`, import.meta.url));

// Decoding and re-encoding the fixture JPEGs is CPU work: seconds on a loaded 2-core machine.
describe('difference hash', { timeout: 30_000 }, () => {
  const a1 = photoHash(fixture('person-a-1.jpg'));
  it('is 16 hex digits and the same for the same bytes', () => {
    expect(a1).toMatch(/^[0-9a-f]{16}$/);
    expect(photoHash(fixture('person-a-1.jpg'))).toBe(a1);
  });
  it('a copy re-encoded at quality 40, shrunk to 60 % or brightened 15 % stays within DUPLICATE_BITS (measured 0, 1, 0)', () => {
    const img = decodeRgba(fixture('person-a-1.jpg'));
    const q40 = jpeg.encode(img, 40).data;
    const small = jpeg.encode(resizeRgba(img, 240, 240), 70).data;
    const bright = jpeg.encode({ ...img, data: img.data.map((v, i) => (i % 4 === 3 ? v : Math.min(255, Math.round(v * 1.15)))) }, 80).data;
    for (const copy of [q40, small, bright]) expect(hashDistance(a1, photoHash(copy))).toBeLessThanOrEqual(DUPLICATE_BITS);
  });
  it('other photos, of the same person or others, are further apart (measured 5 to 39 bits)', () => {
    for (const other of ['person-a-2.jpg', 'person-a-3.jpg', 'person-b-1.jpg', 'person-c-1.jpg', 'no-face.jpg'])
      expect(hashDistance(a1, photoHash(fixture(other)))).toBeGreaterThan(DUPLICATE_BITS);
  });
  it('distance counts differing bits', () => {
    expect(hashDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hashDistance('0000000000000001', '0000000000000003')).toBe(1);
  });
});
