// The face models' weights as the browser downloads them: one gzip file per model (the browser inflates
// it with DecompressionStream), holding every tensor of the model. Plain JavaScript so that the
// generator (scripts/build-face-models.mjs, Node), the benches and the browser share one definition.
//
// Layout of the inflated bytes: "AFW1", the header's length (uint32 LE), the header (UTF-8 JSON:
// { tensors: [{ name, shape, kind, min?, scale? }] }), then each tensor's data in header order:
//   kind "f32": n float32 LE                                   value = f
//   kind "u8":  n codes (uint8), min and scale in the header   value = min + scale · code
//               (tfjs's own 8-bit quantization: face-api ships most weights this way; kept bit for bit)
//   kind "u8c": c float32 minima, c float32 steps, n codes     value = min[ch] + step[ch] · code,
//               ch = index mod c, c = the last dimension (a convolution's output channels)
// See docs/face.md for how the recognition net's per-channel steps were chosen.

const MAGIC = 'AFW1';

/** @param {{ name: string, shape: number[], kind: 'f32'|'u8'|'u8c', values?: Float32Array, codes?: Uint8Array, min?: number|Float32Array, scale?: number, step?: Float32Array }[]} tensors */
export function encodeWeights(tensors) {
  const header = tensors.map((t) => ({
    name: t.name,
    shape: t.shape,
    kind: t.kind,
    ...(t.kind === 'u8' ? { min: t.min, scale: t.scale } : {}),
  }));
  const json = new TextEncoder().encode(JSON.stringify({ tensors: header }));
  const parts = [new TextEncoder().encode(MAGIC), new Uint8Array(new Uint32Array([json.length]).buffer), json];
  for (const t of tensors) {
    if (t.kind === 'f32') parts.push(new Uint8Array(Float32Array.from(t.values).buffer));
    else if (t.kind === 'u8') parts.push(t.codes);
    else {
      parts.push(new Uint8Array(Float32Array.from(t.min).buffer), new Uint8Array(Float32Array.from(t.step).buffer), t.codes);
    }
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** @param {Uint8Array} bytes the inflated file @returns {{ name: string, shape: number[], values: Float32Array }[]} */
export function decodeWeights(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (new TextDecoder().decode(bytes.subarray(0, 4)) !== MAGIC) throw new Error('not a face weights file');
  const length = view.getUint32(4, true);
  const { tensors } = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length)));
  let offset = 8 + length;
  const floats = (count) => {
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) out[i] = view.getFloat32(offset + 4 * i, true);
    offset += 4 * count;
    return out;
  };
  return tensors.map((t) => {
    const n = t.shape.reduce((a, b) => a * b, 1);
    const values = new Float32Array(n);
    if (t.kind === 'f32') values.set(floats(n));
    else if (t.kind === 'u8') {
      for (let i = 0; i < n; i++) values[i] = t.min + t.scale * bytes[offset + i];
      offset += n;
    } else if (t.kind === 'u8c') {
      const channels = t.shape[t.shape.length - 1];
      const min = floats(channels);
      const step = floats(channels);
      for (let i = 0; i < n; i++) {
        const ch = i % channels;
        values[i] = min[ch] + step[ch] * bytes[offset + i];
      }
      offset += n;
    } else throw new Error(`unknown tensor kind ${t.kind}`);
    return { name: t.name, shape: t.shape, values };
  });
}
