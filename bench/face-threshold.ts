// How far apart are descriptors of the same face and of different faces? Picks the match threshold.
// Run: npx tsx bench/face-threshold.ts   (no database; face-api's sample photos, server engine)
//      FACE_WEIGHTS=browser npx tsx bench/face-threshold.ts
//   The second runs everything twice, with the server's weights (face-api's) and with the browser's
//   (public/models, scripts/build-face-models.mjs), prints the table for the browser's, and how far the
//   browser's descriptor of a picture lies from the server's descriptor of the same picture: the
//   tolerance the server allows between the two (features/face/lib/descriptor.ts).
//
// Genuine pairs: each face of demo/sample1..6.jpg cropped in several ways (shift, zoom, brightness,
// darker, mirror, heavy JPEG, 640×480 camera frame), each compared with its plain crop.
// Impostor pairs: every pair of different faces of the samples (plain crops).
import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { findFaces, setFaceModelDir, stopFaceEngine } from '@/features/face/server/engine/engine';
import { cropFace, decodeRgba, letterbox, type Crop } from '@/features/face/server/engine/image';
import { euclideanDistance } from '@/features/face/lib/descriptor';
import { browserModelDir } from './browser-weights';

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
const stats = (xs: number[]) =>
  `n=${xs.length} min ${pct(xs, 0).toFixed(3)} p5 ${pct(xs, 5).toFixed(3)} median ${pct(xs, 50).toFixed(3)} p95 ${pct(xs, 95).toFixed(3)} max ${pct(xs, 100).toFixed(3)}`;

/** The pictures: per face of the samples, its plain crop and its variants (JPEG bytes). */
async function pictures() {
  const faces: { id: string; base: Buffer; variants: [string, Buffer][] }[] = [];
  for (let s = 1; s <= 6; s++) {
    const source = readFileSync(`${DEMO}/sample${s}.jpg`);
    const img = decodeRgba(source);
    for (const [k, face] of (await findFaces(source)).entries()) {
      const base = cropFace(img, face.box, BASE);
      const variants: [string, Buffer][] = VARIANTS.map(([name, c]) => [name, cropFace(img, face.box, c)]);
      variants.push(['JPEG quality 30', Buffer.from(jpeg.encode(decodeRgba(base), 30).data)]);
      variants.push(['640×480 frame', letterbox(base)]);
      faces.push({ id: `sample${s}#${k}`, base, variants });
    }
  }
  return faces;
}

type Descriptors = { base: number[] | null; variants: (number[] | null)[] }[];

async function describe(faces: Awaited<ReturnType<typeof pictures>>): Promise<Descriptors> {
  const single = async (bytes: Buffer) => {
    const found = await findFaces(bytes);
    return found.length === 1 ? found[0]!.descriptor : null;
  };
  const out: Descriptors = [];
  for (const f of faces) {
    const variants: (number[] | null)[] = [];
    for (const [, bytes] of f.variants) variants.push(await single(bytes));
    out.push({ base: await single(f.base), variants });
  }
  return out;
}

function table(title: string, faces: Awaited<ReturnType<typeof pictures>>, d: Descriptors) {
  const plain = d.map((x) => x.base).filter((x): x is number[] => !!x);
  const genuine: number[] = [];
  const byVariant = new Map<string, number[]>();
  d.forEach((x, i) => {
    if (!x.base) return;
    x.variants.forEach((v, j) => {
      if (!v) return;
      const name = faces[i]!.variants[j]![0];
      const dist = euclideanDistance(x.base!, v);
      genuine.push(dist);
      byVariant.set(name, [...(byVariant.get(name) ?? []), dist]);
    });
  });
  const impostor: number[] = [];
  for (let i = 0; i < plain.length; i++) for (let j = i + 1; j < plain.length; j++) impostor.push(euclideanDistance(plain[i]!, plain[j]!));
  console.log(`\n${title}`);
  console.log(`faces: ${plain.length} (${faces.length - plain.length} whose plain crop had no single face were skipped)`);
  console.log(`genuine  (same face, another crop): ${stats(genuine)}`);
  for (const [name, xs] of byVariant) console.log(`  ${name.padEnd(18)} ${stats(xs)}`);
  console.log(`impostor (different faces):       ${stats(impostor)}`);
  console.log('\nthreshold  false accepts (impostor ≤ t)  false rejects (genuine > t)');
  for (const t of [0.35, 0.4, 0.45, 0.5, 0.55, 0.6]) {
    const fa = impostor.filter((x) => x <= t).length;
    const fr = genuine.filter((x) => x > t).length;
    console.log(
      `  ${t.toFixed(2)}     ${String(fa).padStart(3)}/${impostor.length} (${((100 * fa) / impostor.length).toFixed(1)} %)        ${String(fr).padStart(3)}/${genuine.length} (${((100 * fr) / genuine.length).toFixed(1)} %)`,
    );
  }
}

/** Browser's descriptor vs server's: of the same picture, and of another picture of someone else. */
function crossTable(server: Descriptors, browser: Descriptors) {
  const same: number[] = [];
  server.forEach((s, i) => {
    const b = browser[i]!;
    if (s.base && b.base) same.push(euclideanDistance(s.base, b.base));
    s.variants.forEach((v, j) => v && b.variants[j] && same.push(euclideanDistance(v, b.variants[j]!)));
  });
  const others: number[] = [];
  server.forEach((s, i) => browser.forEach((b, j) => i !== j && s.base && b.base && others.push(euclideanDistance(s.base, b.base))));
  console.log('\nbrowser weights vs server weights');
  console.log(`  same picture:                     ${stats(same)}`);
  console.log(`  different faces:                  ${stats(others)}`);
  console.log('  tolerance  different faces within it   same picture beyond it');
  for (const t of [0.2, 0.25, 0.3, 0.35, 0.4, 0.5]) {
    console.log(
      `  ${t.toFixed(2)}       ${String(others.filter((x) => x <= t).length).padStart(3)}/${others.length}                   ${String(same.filter((x) => x > t).length).padStart(3)}/${same.length}`,
    );
  }
}

async function main() {
  const faces = await pictures();
  const server = await describe(faces);
  table('server engine, server weights (face-api)', faces, server);
  if (process.env.FACE_WEIGHTS === 'browser') {
    await stopFaceEngine();
    setFaceModelDir(browserModelDir());
    const browser = await describe(faces);
    table('server engine, browser weights (public/models)', faces, browser);
    crossTable(server, browser);
  }
  await stopFaceEngine();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
