// How far apart are descriptors of the same face and of different faces? Picks the match threshold.
// Run: npx tsx bench/face-threshold.ts   (no database; face-api's sample photos, server engine)
//
// Genuine pairs: each face of demo/sample1..6.jpg cropped in several ways (shift, zoom, brightness,
// darker, mirror, heavy JPEG, 640×480 camera frame), each compared with its plain crop.
// Impostor pairs: every pair of different faces of the samples (plain crops).
import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { findFaces } from '@/lib/server/face/engine';
import { cropFace, decodeRgba, letterbox, type Crop } from '@/lib/server/face/image';
import { euclideanDistance } from '@/lib/face/descriptor';

const DEMO = 'node_modules/@vladmandic/face-api/demo';
const BASE: Crop = { margin: 0.45 };
const VARIANTS: [string, Crop][] = [
  ['shift+zoom', { margin: 0.6, dx: 0.08, dy: -0.05 }],
  ['shift other way', { margin: 0.5, dx: -0.06, dy: 0.04 }],
  ['brighter 25 %', { margin: 0.45, brightness: 1.25 }],
  ['darker 30 %', { margin: 0.45, brightness: 0.7 }],
  ['mirror', { margin: 0.45, mirror: true }],
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.round((p / 100) * (s.length - 1))))]!;
};
const stats = (xs: number[]) => `n=${xs.length} min ${pct(xs, 0).toFixed(3)} p5 ${pct(xs, 5).toFixed(3)} median ${pct(xs, 50).toFixed(3)} p95 ${pct(xs, 95).toFixed(3)} max ${pct(xs, 100).toFixed(3)}`;

async function single(bytes: Buffer): Promise<number[] | null> {
  const faces = await findFaces(bytes);
  return faces.length === 1 ? faces[0]!.descriptor : null;
}

async function main() {
  const plain: { id: string; d: number[] }[] = [];
  const genuine: number[] = [];
  const byVariant = new Map<string, number[]>();
  let skipped = 0;
  for (let s = 1; s <= 6; s++) {
    const source = readFileSync(`${DEMO}/sample${s}.jpg`);
    const img = decodeRgba(source);
    const faces = await findFaces(source);
    for (const [k, face] of faces.entries()) {
      const base = await single(cropFace(img, face.box, BASE));
      if (!base) {
        skipped++;
        continue;
      }
      plain.push({ id: `sample${s}#${k}`, d: base });
      const variants: [string, Buffer][] = VARIANTS.map(([name, c]) => [name, cropFace(img, face.box, c)]);
      const baseCrop = cropFace(img, face.box, BASE);
      variants.push(['JPEG quality 30', jpeg.encode(decodeRgba(baseCrop), 30).data]);
      variants.push(['640×480 frame', letterbox(baseCrop)]);
      for (const [name, bytes] of variants) {
        const d = await single(bytes);
        if (!d) continue;
        const dist = euclideanDistance(base, d);
        genuine.push(dist);
        byVariant.set(name, [...(byVariant.get(name) ?? []), dist]);
      }
    }
  }
  const impostor: number[] = [];
  for (let i = 0; i < plain.length; i++) for (let j = i + 1; j < plain.length; j++) impostor.push(euclideanDistance(plain[i]!.d, plain[j]!.d));

  console.log(`faces: ${plain.length} (${skipped} whose plain crop had no single face were skipped)`);
  console.log(`genuine  (same face, another crop): ${stats(genuine)}`);
  for (const [name, xs] of byVariant) console.log(`  ${name.padEnd(18)} ${stats(xs)}`);
  console.log(`impostor (different faces):       ${stats(impostor)}`);
  console.log('\nthreshold  false accepts (impostor ≤ t)  false rejects (genuine > t)');
  for (const t of [0.35, 0.4, 0.45, 0.5, 0.55, 0.6]) {
    const fa = impostor.filter((d) => d <= t).length;
    const fr = genuine.filter((d) => d > t).length;
    console.log(`  ${t.toFixed(2)}     ${String(fa).padStart(3)}/${impostor.length} (${((100 * fa) / impostor.length).toFixed(1)} %)        ${String(fr).padStart(3)}/${genuine.length} (${((100 * fr) / genuine.length).toFixed(1)} %)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
