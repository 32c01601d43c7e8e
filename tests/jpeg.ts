// Test helper: the same JPEG with other dimensions written into its frame header (SOFn), the way a
// hostile client declares a huge image in a small file.
export function withDeclaredSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  let i = 2;
  while (i + 9 < out.length) {
    if (out[i] !== 0xff) throw new Error('not a JPEG segment');
    const marker = out[i + 1]!;
    const length = out.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
    i += 2 + length;
  }
  throw new Error('no frame header');
}
