// The benchmarks' photo: fixture person A grown to a real phone photo's size, and its descriptor.
import { readFileSync } from 'node:fs';
import { mulberry32 } from '@/lib/prng';

export const PHOTO_BYTES = 60 * 1024;

/**
 * person-a-1.jpg grown to exactly 60 KB with a COM segment right after SOI (ignored by decoders),
 * filled with pseudo-random bytes: like a real photo's compressed data it does not compress, so the
 * database does the work a real 60 KB photo costs (blank padding would compress to nothing).
 */
export function paddedPhoto(): Buffer {
  const jpg = readFileSync('tests/fixtures/faces/person-a-1.jpg');
  const pad = PHOTO_BYTES - jpg.length - 4;
  if (pad < 0 || pad > 65533) throw new Error(`fixture is ${jpg.length} bytes; cannot pad to ${PHOTO_BYTES}`);
  const random = mulberry32(60);
  const com = Buffer.from(Array.from({ length: 4 + pad }, () => Math.floor(random() * 256)));
  com[0] = 0xff;
  com[1] = 0xfe;
  com.writeUInt16BE(pad + 2, 2);
  return Buffer.concat([jpg.subarray(0, 2), com, jpg.subarray(2)]);
}

export function fixtureDescriptor(): number[] {
  return (JSON.parse(readFileSync('tests/fixtures/faces/descriptors.json', 'utf8')) as Record<string, number[]>)['person-a-1.jpg']!;
}
