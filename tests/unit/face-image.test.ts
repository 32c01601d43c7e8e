import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { decodeFaceImage } from '@/features/attendance/server/attendance-photo';
import { MAX_PHOTO_BYTES } from '@/features/attendance/validation/attendance';

const jpg = readFileSync('tests/fixtures/faces/person-a-1.jpg');
const b64 = jpg.toString('base64');
const url = (text: string) => `data:image/jpeg;base64,${text}`;
const at = (i: number, c: string) => b64.slice(0, i) + c + b64.slice(i + 1);
const refusal = (text: string) => {
  try {
    decodeFaceImage(text);
    return null;
  } catch (err) {
    return { status: (err as { status: number }).status, message: (err as Error).message };
  }
};

describe('decodeFaceImage', () => {
  it('returns the exact JPEG bytes, with or without the trailing padding', () => {
    expect(decodeFaceImage(url(b64)).equals(jpg)).toBe(true);
    // The photo plus trailing bytes (ignored after the image) to a length that needs one '=' of padding.
    const two = Buffer.concat([jpg, Buffer.alloc((2 - (jpg.length % 3) + 3) % 3)]);
    expect(two.toString('base64').endsWith('=')).toBe(true);
    expect(two.toString('base64').endsWith('==')).toBe(false);
    expect(decodeFaceImage(url(two.toString('base64').replace(/=+$/, ''))).equals(two)).toBe(true);
  });

  it.each([
    ['a character outside the alphabet', at(100, '!')],
    ['a space', at(100, ' ')],
    ['a line break', at(100, '\n')],
    ['a NUL', at(100, '\u0000')],
    ['a non-ASCII letter', at(100, 'é')],
    ['base64url characters', at(100, '-')],
    ['base64url underscore', at(100, '_')],
    ['padding in the middle', at(100, '=')],
    ['padding after padding', `${b64}=`],
    ['a length no base64 has', `${b64}A`.slice(0, 4 * Math.floor(b64.length / 4) + 1)],
  ])('refuses %s (400, spec text)', (_what, text) => {
    expect(refusal(url(text))).toEqual({ status: 400, message: 'Foto wajah harus berupa gambar JPEG' });
  });

  it('refuses other image types and non-JPEG bytes', () => {
    expect(refusal(`data:image/png;base64,${b64}`)?.status).toBe(400);
    expect(refusal(url(Buffer.from('GIF89a-not-a-jpeg').toString('base64')))?.status).toBe(400);
    expect(refusal(url(''))?.status).toBe(400);
    // JPEG magic bytes without a frame header: no size to read, so no photo.
    expect(refusal(url(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x10]).toString('base64')))).toEqual({
      status: 400,
      message: 'Foto wajah harus berupa gambar JPEG',
    });
  });

  it('refuses more than 300 KB with 413 before decoding', () => {
    const big = Buffer.alloc(MAX_PHOTO_BYTES + 1, 0xff).toString('base64');
    expect(refusal(url(big))).toEqual({ status: 413, message: 'Ukuran foto maksimal 300 KB' });
    const exact = Buffer.concat([jpg, Buffer.alloc(MAX_PHOTO_BYTES - jpg.length, 0)]);
    expect(decodeFaceImage(url(exact.toString('base64'))).length).toBe(MAX_PHOTO_BYTES);
  });
});
