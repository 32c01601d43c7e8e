// Pure descriptor maths, shared by the browser and the server (no Node or DOM imports).

/** face-api's recognition net yields 128 numbers per face. */
export const DESCRIPTOR_LENGTH = 128;

export function euclideanDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error('descriptor lengths differ');
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** Same person when the distance is at most the threshold (inclusive). */
export function isMatch(distance: number, threshold: number): boolean {
  return Number.isFinite(distance) && distance <= threshold;
}

export function meanDescriptor(descriptors: readonly (readonly number[])[]): number[] {
  const first = descriptors[0];
  if (!first) throw new Error('no descriptors');
  const mean = new Array<number>(first.length).fill(0);
  for (const d of descriptors) {
    if (d.length !== first.length) throw new Error('descriptor lengths differ');
    for (let i = 0; i < d.length; i++) mean[i] = (mean[i] ?? 0) + (d[i] ?? 0) / descriptors.length;
  }
  return mean;
}

export function isValidDescriptor(d: unknown): d is number[] {
  return (
    Array.isArray(d) && d.length === DESCRIPTOR_LENGTH && d.every((v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 10)
  );
}
