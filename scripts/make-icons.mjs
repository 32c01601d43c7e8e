// Draws the app icons (public/icons/*.png): a blue tile with a white "A", the same
// mark as the login card. Pure Node (zlib) so the icons can be regenerated anywhere: node scripts/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

// Signed distances in a unit square (0..1).
function segment(px, py, ax, ay, bx, by) {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}
function roundedBox(px, py, half, radius) {
  const qx = Math.abs(px - 0.5) - half + radius,
    qy = Math.abs(py - 0.5) - half + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

function draw(size, { fullBleed }) {
  const out = Buffer.alloc(size * size * 4);
  const glyphScale = fullBleed ? 0.72 : 0.86; // maskable icons keep the mark inside the safe zone
  const stroke = 0.075;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let alpha = 0,
        r = 0,
        g = 0,
        b = 0;
      const samples = 4;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const px = (x + (sx + 0.5) / samples) / size,
            py = (y + (sy + 0.5) / samples) / size;
          const inTile = fullBleed || roundedBox(px, py, 0.5, 0.2) <= 0;
          if (!inTile) continue;
          // background: blue-600 to indigo-800 diagonal gradient
          const t = (px + py) / 2;
          let cr = 37 + (55 - 37) * t,
            cg = 99 + (48 - 99) * t,
            cb = 235 + (163 - 235) * t;
          const gx = 0.5 + (px - 0.5) / glyphScale,
            gy = 0.5 + (py - 0.5) / glyphScale;
          const letterA = Math.min(
            segment(gx, gy, 0.5, 0.2, 0.27, 0.78),
            segment(gx, gy, 0.5, 0.2, 0.73, 0.78),
            segment(gx, gy, 0.36, 0.56, 0.64, 0.56),
          );
          if (letterA <= stroke / 2) cr = cg = cb = 255;
          alpha += 1;
          r += cr;
          g += cg;
          b += cb;
        }
      }
      const i = (y * size + x) * 4;
      const n = samples * samples;
      if (alpha > 0) {
        out[i] = Math.round(r / alpha);
        out[i + 1] = Math.round(g / alpha);
        out[i + 2] = Math.round(b / alpha);
      }
      out[i + 3] = Math.round((alpha / n) * 255);
    }
  }
  return png(size, out);
}

const dir = new URL('../public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
  ['favicon-32.png', 32, false],
];
for (const [name, size, fullBleed] of icons) {
  writeFileSync(new URL(name, dir), draw(size, { fullBleed }));
  console.log(`public/icons/${name} ${size}x${size}`);
}
