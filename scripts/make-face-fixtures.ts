// Makes the one-face test photos in tests/fixtures/faces/ from face-api's group photos
// (node_modules/@vladmandic/face-api/demo/sample*.jpg), plus their server-side descriptors.
// Run: npx tsx scripts/make-face-fixtures.ts   (deterministic; re-running rewrites the same files)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { faceEngine } from '@/features/face/server/engine/engine';
import { euclideanDistance } from '@/features/face/lib/descriptor';
import { cropFace, decodeRgba, type Crop } from '@/features/face/server/engine/image';

const DEMO = 'node_modules/@vladmandic/face-api/demo';
const OUT = 'tests/fixtures/faces';
const SIZE = 400;

/** A plain generated picture (soft gradient and stripes): certainly no face in it. */
function noFace(): Buffer {
  const out = Buffer.alloc(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 4;
      out[i] = 120 + Math.round(60 * Math.sin(x / 37));
      out[i + 1] = 140 + Math.round(40 * Math.cos(y / 23));
      out[i + 2] = 170 + Math.round(30 * Math.sin((x + y) / 51));
      out[i + 3] = 255;
    }
  }
  return jpeg.encode({ data: out, width: SIZE, height: SIZE }, 85).data;
}

/** Which face of which sample: picked for frontal, well-lit faces far apart from each other. */
const PEOPLE = {
  a: { sample: 6, near: { x: 187, y: 518 } },
  b: { sample: 5, near: { x: 314, y: 897 } },
  c: { sample: 1, near: { x: 336, y: 396 } },
} as const;

const FILES: { name: string; person: keyof typeof PEOPLE; crop: Crop }[] = [
  { name: 'person-a-1.jpg', person: 'a', crop: { margin: 0.45 } },
  { name: 'person-a-2.jpg', person: 'a', crop: { margin: 0.6, dx: 0.08, dy: -0.05, brightness: 1.15 } },
  { name: 'person-a-3.jpg', person: 'a', crop: { margin: 0.5, dx: -0.06, dy: 0.04, brightness: 0.88 } },
  { name: 'person-b-1.jpg', person: 'b', crop: { margin: 0.45 } },
  { name: 'person-c-1.jpg', person: 'c', crop: { margin: 0.45 } },
];

async function main() {
  const engine = await faceEngine();
  mkdirSync(OUT, { recursive: true });
  const descriptors: Record<string, number[]> = {};
  for (const file of FILES) {
    const person = PEOPLE[file.person];
    const source = readFileSync(path.join(DEMO, `sample${person.sample}.jpg`));
    const img = decodeRgba(source);
    const faces = await engine.detect(source);
    const face = faces.sort(
      (f, g) => Math.hypot(f.box.x - person.near.x, f.box.y - person.near.y) - Math.hypot(g.box.x - person.near.x, g.box.y - person.near.y),
    )[0];
    if (!face) throw new Error(`no face in sample${person.sample}.jpg`);
    const bytes = cropFace(img, face.box, file.crop, SIZE);
    const found = await engine.detect(bytes);
    if (found.length !== 1) throw new Error(`${file.name}: expected one face, found ${found.length}`);
    descriptors[file.name] = found[0]!.descriptor.map((v) => Math.round(v * 1e6) / 1e6);
    writeFileSync(path.join(OUT, file.name), bytes);
    console.log(`${file.name}: ${bytes.length} bytes, detector score ${found[0]!.score.toFixed(2)}`);
  }
  const blank = noFace();
  const blankFaces = await engine.detect(blank);
  if (blankFaces.length !== 0) throw new Error('no-face.jpg: a face was detected');
  writeFileSync(path.join(OUT, 'no-face.jpg'), blank);
  writeFileSync(path.join(OUT, 'descriptors.json'), `${JSON.stringify(descriptors, null, 1)}\n`);

  const names = Object.keys(descriptors);
  console.log('\nEuclidean distances (server engine):');
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      console.log(`  ${names[i]} ~ ${names[j]}: ${euclideanDistance(descriptors[names[i]!]!, descriptors[names[j]!]!).toFixed(3)}`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
