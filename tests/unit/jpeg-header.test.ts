import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { assertCameraDimensions } from '@/features/face/server/engine/jpeg-header';
import { withDeclaredSize } from '../jpeg';

const small = jpeg.encode({ data: Buffer.alloc(8 * 8 * 4, 0x80), width: 8, height: 8 }, 80).data as Buffer;
const code = (bytes: Buffer) => {
  try {
    assertCameraDimensions(bytes);
    return 'ok';
  } catch (err) {
    return (err as { code: string }).code;
  }
};

describe('assertCameraDimensions', () => {
  it('reads the size from the header alone', () => {
    expect(assertCameraDimensions(small)).toEqual({ width: 8, height: 8 });
    expect(assertCameraDimensions(withDeclaredSize(small, 640, 480))).toEqual({ width: 640, height: 480 });
  });

  it.each([
    [640, 480, 'ok'],
    [480, 640, 'ok'],
    [1, 1, 'ok'],
    [641, 480, 'PHOTO_DIMENSIONS'],
    [640, 481, 'PHOTO_DIMENSIONS'],
    [481, 481, 'PHOTO_DIMENSIONS'],
    [4000, 4000, 'PHOTO_DIMENSIONS'],
    [65535, 65535, 'PHOTO_DIMENSIONS'],
  ])('%i×%i → %s', (w, h, expected) => {
    expect(code(withDeclaredSize(small, w, h))).toBe(expected);
  });

  it('refuses what has no readable JPEG header', () => {
    expect(code(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBe('INVALID_PHOTO');
    expect(code(Buffer.from('GIF89a........'))).toBe('INVALID_PHOTO');
    expect(code(withDeclaredSize(small, 0, 0))).toBe('INVALID_PHOTO');
  });
});
