// How small can the check-in photo be? The server's re-check must still find the face in it.
// Run: npx tsx bench/face-capture.ts   (no database; server engine, features/face/server/engine/engine.ts)
//
// Every face the engine finds in face-api's sample photos (demo/sample1..6.jpg) and the fixtures
// (tests/fixtures/faces/person-*.jpg) is framed the way the phone's camera frames it: the face
// photo scaled into a 640×480 frame (as the e2e fake camera does), the face filling a third, half or
// all of the frame's height. Each frame is then sent at several sizes and JPEG qualities, as the
// check-in dialog would encode it; the engine runs on each (findFaces: 416, then 320 and 512).
// Printed per size and quality: faces found (exactly one), the JPEG's size, and the distance between
// its descriptor and the descriptor of the full 640×480 frame at quality 0.8 (what was sent before).
import { readFileSync, readdirSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { findFaces, stopFaceEngine } from '@/features/face/server/engine/engine';
import { cropFace, decodeRgba, resizeRgba, type Rgba } from '@/features/face/server/engine/image';
import { euclideanDistance } from '@/features/face/lib/descriptor';

const DEMO = 'node_modules/@vladmandic/face-api/demo';
const FIXTURES = 'tests/fixtures/faces';
const FACE_SHARES = [1 / 3, 1 / 2, 1];
const SIZES: [number, number][] = [
  [640, 480],
  [480, 360],
  [416, 312],
  [320, 240],
];
const QUALITIES = [80, 70, 60, 50];

/** A 640×480 grey frame with the square face photo scaled to `share` of its height, centred. */
function frame(face: Rgba, share: number): Rgba {
  const [W, H] = [640, 480];
  const side = Math.round(H * share);
  const scaled = resizeRgba(face, side, side);
  const data = new Uint8Array(W * H * 4).fill(96);
  const x0 = Math.floor((W - side) / 2);
  const y0 = Math.floor((H - side) / 2);
  for (let y = 0; y < side; y++) data.set(scaled.data.subarray(y * side * 4, (y + 1) * side * 4), ((y0 + y) * W + x0) * 4);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width: W, height: H, data };
}

async function main() {
  const faces: { id: string; img: Rgba }[] = [];
  for (let s = 1; s <= 6; s++) {
    const source = readFileSync(`${DEMO}/sample${s}.jpg`);
    const img = decodeRgba(source);
    for (const [k, f] of (await findFaces(source)).entries())
      faces.push({ id: `sample${s}#${k}`, img: decodeRgba(cropFace(img, f.box, { margin: 0.45 })) });
  }
  for (const f of readdirSync(FIXTURES).filter((n) => n.startsWith('person-')))
    faces.push({ id: f, img: decodeRgba(readFileSync(`${FIXTURES}/${f}`)) });

  type Row = { found: number; bytes: number[]; drift: number[] };
  const rows = new Map<string, Row>();
  let frames = 0;
  let reference = 0;
  for (const face of faces) {
    for (const share of FACE_SHARES) {
      const full = frame(face.img, share);
      const base = await findFaces(Buffer.from(jpeg.encode(full, 80).data));
      if (base.length !== 1) continue; // not a usable frame to start with
      frames++;
      reference++;
      for (const [w, h] of SIZES) {
        const small = w === 640 ? full : resizeRgba(full, w, h);
        for (const q of QUALITIES) {
          const bytes = Buffer.from(jpeg.encode(small, q).data);
          const found = await findFaces(bytes);
          const key = `${w}×${h} q${q / 100}`;
          const row = rows.get(key) ?? { found: 0, bytes: [], drift: [] };
          row.bytes.push(bytes.length);
          if (found.length === 1) {
            row.found++;
            row.drift.push(euclideanDistance(found[0]!.descriptor, base[0]!.descriptor));
          }
          rows.set(key, row);
        }
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const max = (xs: number[]) => Math.max(...xs);
  console.log(
    `${faces.length} faces × ${FACE_SHARES.length} framings: ${frames} frames with exactly one face found at 640×480 q0.8 (${reference} of ${faces.length * FACE_SHARES.length})`,
  );
  console.log('size      quality  one face found   JPEG median (max)     descriptor vs 640×480 q0.8: median / max');
  for (const [key, r] of rows) {
    const [size, quality] = key.split(' ');
    console.log(
      `${size!.padEnd(9)} ${quality!.padEnd(8)} ${`${r.found}/${frames}`.padEnd(16)} ${`${(median(r.bytes) / 1024).toFixed(1)} KB (${(max(r.bytes) / 1024).toFixed(1)})`.padEnd(21)} ${median(r.drift).toFixed(3)} / ${max(r.drift).toFixed(3)}`,
    );
  }
  await stopFaceEngine();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
