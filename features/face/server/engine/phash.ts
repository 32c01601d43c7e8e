// Near-identical photos (docs/anti-fraud.md): a 64-bit difference hash of the picture. The JPEG is
// decoded, turned grey, averaged down to 9×8 cells, and each bit says whether a cell is brighter than
// its right neighbour. Re-encoding, resizing or a little brightness change leave it (nearly) the same;
// a new photo of the same face in front of the same camera moves many bits (the person's pose, the
// light and the sensor's noise change the cells). Two photos within DUPLICATE_BITS are the same photo.
import { decodeRgba } from '@/features/face/server/engine/image';

/** Hamming distance at or below which two hashes count as the same picture (of 64 bits). */
export const DUPLICATE_BITS = 3;

/** The difference hash of a JPEG as 16 hex digits. */
export function photoHash(jpegBytes: Buffer | Uint8Array): string {
  const img = decodeRgba(Buffer.from(jpegBytes));
  const W = 9;
  const H = 8;
  const cells = new Float64Array(W * H);
  const counts = new Uint32Array(W * H);
  // Every pixel adds its grey level to the cell it falls in (area average, no aliasing).
  for (let y = 0; y < img.height; y++) {
    const cy = Math.min(H - 1, Math.floor((y * H) / img.height));
    for (let x = 0; x < img.width; x++) {
      const cx = Math.min(W - 1, Math.floor((x * W) / img.width));
      const i = (y * img.width + x) * 4;
      cells[cy * W + cx]! += 0.299 * img.data[i]! + 0.587 * img.data[i + 1]! + 0.114 * img.data[i + 2]!;
      counts[cy * W + cx]!++;
    }
  }
  let bits = 0n;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W - 1; x++) {
      const left = cells[y * W + x]! / Math.max(1, counts[y * W + x]!);
      const right = cells[y * W + x + 1]! / Math.max(1, counts[y * W + x + 1]!);
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  return bits.toString(16).padStart(16, '0');
}

/** Bits that differ between two hashes (0…64). */
export function hashDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}
