// The benchmarks' photos of fixture person A, and its descriptor: as the check-in dialog sends it now
// (capturedPhoto), or grown to the 60 KB a phone photo was before the capture was made smaller
// (paddedPhoto; the face backlog bench and BENCH_PHOTO=60kb in the check-in bench).
import { readFileSync } from 'node:fs';
import { mulberry32 } from '@/lib/prng';
import { letterbox } from '@/features/face/server/engine/image';

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

/**
 * The photo a check-in carries since the capture was made smaller (docs/face.md, "The photo sent with a
 * check-in"): the camera's picture scaled to 480×360 and encoded at quality 0.7. Fixture person A framed
 * that way is 23.6 KB, at the top of what the dialog sent for the 73 test frames (median 11.3 KB, max
 * 23.7 KB), so the benchmark errs on the heavy side.
 */
export function capturedPhoto(): Buffer {
  return letterbox(readFileSync('tests/fixtures/faces/person-a-1.jpg'), 480, 360, 70);
}

export function fixtureDescriptor(): number[] {
  return (JSON.parse(readFileSync('tests/fixtures/faces/descriptors.json', 'utf8')) as Record<string, number[]>)['person-a-1.jpg']!;
}
