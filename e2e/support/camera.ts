// A fake camera for Chromium: a JPEG turned into a 640×480 Y4M clip (letterboxed, I420), fed to
// getUserMedia with --use-file-for-fake-video-capture.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { CHROMIUM_ARGS } from '../../playwright.config';

const W = 640;
const H = 480;

/** RGB of the photo scaled to fit 640×480, centred on a grey background (nearest-neighbour). */
export function letterbox(file: string): Uint8Array {
  const img = jpeg.decode(readFileSync(file), { useTArray: true, formatAsRGBA: true });
  const scale = Math.min(W / img.width, H / img.height);
  const w = Math.round(img.width * scale);
  const h = Math.round(img.height * scale);
  const x0 = Math.floor((W - w) / 2);
  const y0 = Math.floor((H - h) / 2);
  const rgb = new Uint8Array(W * H * 3).fill(96);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(img.height - 1, Math.floor(y / scale));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(img.width - 1, Math.floor(x / scale));
      const s = (sy * img.width + sx) * 4;
      const d = ((y0 + y) * W + x0 + x) * 3;
      rgb[d] = img.data[s]!;
      rgb[d + 1] = img.data[s + 1]!;
      rgb[d + 2] = img.data[s + 2]!;
    }
  }
  return rgb;
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** One I420 frame (full-range BT.601, as JPEG uses), chroma averaged over 2×2 blocks. */
export function toI420(rgb: Uint8Array): Buffer {
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  for (let i = 0; i < W * H; i++) y[i] = clamp(0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!);
  for (let by = 0; by < H / 2; by++) {
    for (let bx = 0; bx < W / 2; bx++) {
      let r = 0,
        g = 0,
        b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const p = ((by * 2 + dy) * W + bx * 2 + dx) * 3;
        r += rgb[p]!;
        g += rgb[p + 1]!;
        b += rgb[p + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      u[by * (W / 2) + bx] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[by * (W / 2) + bx] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  return Buffer.concat([y, u, v]);
}

/** Writes `<tmp>/absensi-e2e-camera/<name>.y4m` from a JPEG and returns its path. */
export function writeY4m(jpegFile: string, frames = 2): string {
  const dir = path.join(tmpdir(), 'absensi-e2e-camera');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${path.basename(jpegFile, path.extname(jpegFile))}-${process.pid}.y4m`);
  const frame = toI420(letterbox(jpegFile));
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F30:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from('FRAME\n'), frame);
  writeFileSync(out, Buffer.concat(parts));
  return out;
}

export const FACE_FIXTURES = path.join(process.cwd(), 'tests', 'fixtures', 'faces');

/** Launch options for a Chromium whose camera shows `jpegFile`. */
export function fakeCameraLaunchOptions(jpegFile: string) {
  return {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${writeY4m(jpegFile)}`,
    ],
  };
}
