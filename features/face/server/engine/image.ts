// Small image helpers for the face tooling (fixtures, benchmarks): square crops around a detected
// face with bilinear resampling, brightness and mirroring, on jpeg-js RGBA pixels.
import jpeg from 'jpeg-js';

export type Rgba = { width: number; height: number; data: Uint8Array };
export type Box = { x: number; y: number; width: number; height: number };
/** margin: extra box size on each side (0.45 = 45 %); dx/dy: shift in box widths; brightness: gain. */
export type Crop = { margin: number; dx?: number; dy?: number; brightness?: number; mirror?: boolean };

export function decodeRgba(bytes: Buffer): Rgba {
  return jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true }) as Rgba;
}

/** A size×size JPEG of the square around `box` described by `c`. */
export function cropFace(img: Rgba, box: Box, c: Crop, size = 400, quality = 85): Buffer {
  const side = Math.max(box.width, box.height) * (1 + 2 * c.margin);
  const cx = box.x + box.width / 2 + (c.dx ?? 0) * box.width;
  const cy = box.y + box.height / 2 + (c.dy ?? 0) * box.height;
  const x0 = Math.max(0, Math.min(img.width - side, cx - side / 2));
  const y0 = Math.max(0, Math.min(img.height - side, cy - side / 2));
  const out = Buffer.alloc(size * size * 4);
  const gain = c.brightness ?? 1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const tx = c.mirror ? size - 1 - x : x;
      const sx = x0 + (tx + 0.5) * (side / size) - 0.5;
      const sy = y0 + (y + 0.5) * (side / size) - 0.5;
      const ix = Math.max(0, Math.min(img.width - 2, Math.floor(sx)));
      const iy = Math.max(0, Math.min(img.height - 2, Math.floor(sy)));
      const fx = sx - ix;
      const fy = sy - iy;
      for (let ch = 0; ch < 3; ch++) {
        const p = (xx: number, yy: number) => img.data[(yy * img.width + xx) * 4 + ch] ?? 0;
        const v = (p(ix, iy) * (1 - fx) + p(ix + 1, iy) * fx) * (1 - fy) + (p(ix, iy + 1) * (1 - fx) + p(ix + 1, iy + 1) * fx) * fy;
        out[(y * size + x) * 4 + ch] = Math.max(0, Math.min(255, Math.round(v * gain)));
      }
      out[(y * size + x) * 4 + 3] = 255;
    }
  }
  return jpeg.encode({ data: out, width: size, height: size }, quality).data;
}

/** The JPEG scaled to fit a width×height frame, centred on grey: what a 640×480 camera frame looks like. */
export function letterbox(bytes: Buffer, width = 640, height = 480, quality = 80): Buffer {
  const img = decodeRgba(bytes);
  const scale = Math.min(width / img.width, height / img.height);
  const w = Math.round(img.width * scale);
  const h = Math.round(img.height * scale);
  const x0 = Math.floor((width - w) / 2);
  const y0 = Math.floor((height - h) / 2);
  const out = Buffer.alloc(width * height * 4, 96);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(img.height - 1, Math.floor(y / scale));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(img.width - 1, Math.floor(x / scale));
      const s = (sy * img.width + sx) * 4;
      const d = ((y0 + y) * width + x0 + x) * 4;
      out[d] = img.data[s]!;
      out[d + 1] = img.data[s + 1]!;
      out[d + 2] = img.data[s + 2]!;
    }
  }
  for (let i = 3; i < out.length; i += 4) out[i] = 255;
  return jpeg.encode({ data: out, width, height }, quality).data;
}

/** The picture scaled to width×height (bilinear, like a browser canvas drawImage). */
export function resizeRgba(img: Rgba, width: number, height: number): Rgba {
  const out = new Uint8Array(width * height * 4);
  const sx = img.width / width;
  const sy = img.height / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.max(0, Math.min(img.height - 1.001, (y + 0.5) * sy - 0.5));
    const iy = Math.floor(fy);
    const wy = fy - iy;
    for (let x = 0; x < width; x++) {
      const fx = Math.max(0, Math.min(img.width - 1.001, (x + 0.5) * sx - 0.5));
      const ix = Math.floor(fx);
      const wx = fx - ix;
      for (let ch = 0; ch < 4; ch++) {
        const p = (xx: number, yy: number) => img.data[(yy * img.width + xx) * 4 + ch] ?? 0;
        const v = (p(ix, iy) * (1 - wx) + p(ix + 1, iy) * wx) * (1 - wy) + (p(ix, iy + 1) * (1 - wx) + p(ix + 1, iy + 1) * wx) * wy;
        out[(y * width + x) * 4 + ch] = Math.round(v);
      }
    }
  }
  return { width, height, data: out };
}
