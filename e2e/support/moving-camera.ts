// A fake camera that moves: fixture person A turning the head left and right, as a Y4M clip for
// Chromium's --use-file-for-fake-video-capture (looped by Chromium). The turn is synthetic: the
// picture wrapped on a vertical cylinder (radius 130 px, through the frame's centre: narrower than the
// face, so the nose moves while the face's outline stays, as in a real turn) rotated by up to 38°
// (bench/liveness.ts measures the same warp with a wider cylinder). With the tiny landmark net this
// turns yaw by about ±0.22 at 30° (person A; the turn threshold is 0.2). 10 frames per second, 10 s per loop: facing the
// camera, a turn to the person's left (toleh kiri), facing, a turn to the right (toleh kanan).
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { letterbox, toI420 } from './camera';

const W = 640;
const H = 480;
const RADIUS = 130;

/** The 640×480 RGB picture wrapped on the cylinder and turned by `deg` (> 0: the person's left, the image's right). */
function turned(rgb: Uint8Array, deg: number): Uint8Array {
  const a = (deg * Math.PI) / 180;
  const out = new Uint8Array(rgb.length);
  for (let x = 0; x < W; x++) {
    const u = (x - W / 2) / RADIUS;
    let sx = x;
    if (Math.abs(u) < 1) {
      const phi = Math.asin(u) - a;
      sx = Math.abs(phi) < Math.PI / 2 ? W / 2 + RADIUS * Math.sin(phi) : -1;
    }
    const x0 = Math.floor(sx);
    const f = sx - x0;
    for (let y = 0; y < H; y++) {
      const d = (y * W + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        if (sx < 0 || x0 + 1 >= W) out[d + ch] = 96;
        else out[d + ch] = Math.round(rgb[(y * W + x0) * 3 + ch]! * (1 - f) + rgb[(y * W + x0 + 1) * 3 + ch]! * f);
      }
    }
  }
  return out;
}

/** Degrees per frame of one loop. */
function script(): number[] {
  const hold = (deg: number, n: number) => Array<number>(n).fill(deg);
  const turn = (sign: number) => [
    ...[10, 20].flatMap((d) => hold(sign * d, 2)),
    ...hold(sign * 30, 8),
    ...hold(sign * 38, 8),
    ...[20, 10].flatMap((d) => hold(sign * d, 2)),
  ];
  return [...hold(0, 20), ...turn(1), ...hold(0, 20), ...turn(-1), ...hold(0, 10)];
}

/** Writes the moving clip of `jpegFile` and returns its path. */
export function writeMovingY4m(jpegFile: string): string {
  const dir = path.join(tmpdir(), 'absensi-e2e-camera');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${path.basename(jpegFile, path.extname(jpegFile))}-moving-${process.pid}.y4m`);
  const base = letterbox(jpegFile);
  const frames = new Map<number, Buffer>();
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`)];
  for (const deg of script()) {
    let frame = frames.get(deg);
    if (!frame) frames.set(deg, (frame = toI420(deg === 0 ? base : turned(base, deg))));
    parts.push(Buffer.from('FRAME\n'), frame);
  }
  writeFileSync(out, Buffer.concat(parts));
  return out;
}

/** Launch options for a Chromium whose camera shows `jpegFile` turning left and right. */
export function movingCameraLaunchOptions(jpegFile: string) {
  return {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${writeMovingY4m(jpegFile)}`,
    ],
  };
}
