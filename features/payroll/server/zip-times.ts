// Sets every entry's modification time in a zip (an XLSX) to one instant, so the same content gives the
// same bytes: the zip writer stamps each entry with the time it was added. Walks the central directory
// (found from its end record) and patches each entry there and in its local header.
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The MS-DOS date and time of an instant (its UTC wall clock; two-second resolution). */
function dosTime(at: Date): { time: number; date: number } {
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const date = ((Math.max(1980, at.getUTCFullYear()) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { time, date };
}

export function fixZipTimes(zip: Buffer, at: Date): Buffer {
  const out = Buffer.from(zip);
  let end = -1;
  for (let i = out.length - 22; i >= Math.max(0, out.length - 22 - 0xffff); i--)
    if (out.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) throw new Error('Not a zip file');
  const count = out.readUInt16LE(end + 10);
  let p = out.readUInt32LE(end + 16);
  const { time, date } = dosTime(at);
  for (let n = 0; n < count; n++) {
    if (out.readUInt32LE(p) !== CENTRAL) throw new Error('Broken zip central directory');
    out.writeUInt16LE(time, p + 12);
    out.writeUInt16LE(date, p + 14);
    const local = out.readUInt32LE(p + 42);
    if (out.readUInt32LE(local) === LOCAL) {
      out.writeUInt16LE(time, local + 10);
      out.writeUInt16LE(date, local + 12);
    }
    p += 46 + out.readUInt16LE(p + 28) + out.readUInt16LE(p + 30) + out.readUInt16LE(p + 32);
  }
  return out;
}
