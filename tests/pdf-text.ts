// A tiny PDF reader for tests: the pages (in order) and the text on each, decoded through the fonts'
// ToUnicode maps; and each text run with where it starts and ends on the page (from the fonts' glyph
// widths), to check nothing runs past the page's edge. Enough for pdfkit's (pdfmake's) output: objects in
// plain text, streams raw or Flate.
import { inflateSync } from 'node:zlib';

type Obj = { dict: string; stream: Buffer | null };

function objects(pdf: Buffer): Map<number, Obj> {
  const text = pdf.toString('latin1');
  const out = new Map<number, Obj>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2]!;
    const s = body.indexOf('stream');
    if (s < 0) {
      out.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, s);
    let start = m.index + m[0].indexOf(body) + s + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const end = text.indexOf('endstream', start);
    let raw = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dict)) raw = inflateSync(raw);
    out.set(Number(m[1]), { dict, stream: raw });
  }
  return out;
}

function cmap(stream: Buffer): Map<number, string> {
  const text = stream.toString('latin1');
  const map = new Map<number, string>();
  const hex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)));
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const line of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const lo = parseInt(line[1]!, 16);
      const hi = parseInt(line[2]!, 16);
      if (line[3]!.startsWith('[')) {
        const items = [...line[3]!.matchAll(/<([0-9a-f]+)>/gi)].map((x) => x[1]!);
        items.forEach((h, i) => map.set(lo + i, hex(h)));
      } else {
        const base = parseInt(line[3]!.slice(1, -1), 16);
        for (let c = lo; c <= hi; c++) map.set(c, String.fromCodePoint(base + c - lo));
      }
    }
  }
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const line of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) map.set(parseInt(line[1]!, 16), hex(line[2]!));
  }
  return map;
}

/** One text run: its text, where it starts (x, y in points from the bottom left), its font size and width. */
export type PdfRun = { text: string; x: number; y: number; size: number; width: number };

/** The glyph widths of a pdfkit font (a Type0 font whose descendant has `/W [0 [w0 w1 …]]`), in 1/1000 em. */
function glyphWidths(objs: Map<number, Obj>, fontDict: string): number[] {
  const desc = /\/DescendantFonts \[(\d+) 0 R\]/.exec(fontDict);
  const dict = desc ? (objs.get(Number(desc[1]))?.dict ?? '') : fontDict;
  const w = /\/W \[0 \[([^\]]*)\]/.exec(dict);
  return w ? w[1]!.trim().split(/\s+/).map(Number) : [];
}

/** The runs of every page, in page order. */
export function pdfRuns(pdf: Buffer): PdfRun[][] {
  const objs = objects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1] ?? NaN);
  const root = [...objs.values()].find((o) => /\/Type \/Catalog/.test(o.dict))!;
  const kids = (id: number): number[] => {
    const o = objs.get(id)!;
    if (/\/Type \/Pages/.test(o.dict)) {
      const list = /\/Kids \[([^\]]*)\]/.exec(o.dict)![1]!;
      return [...list.matchAll(/(\d+) 0 R/g)].flatMap((k) => kids(Number(k[1])));
    }
    return [id];
  };
  const fonts = new Map<number, { map: Map<number, string>; widths: number[] }>();
  const fontOf = (resources: string, name: string) => {
    const fontId = Number(new RegExp(`/${name} (\\d+) 0 R`).exec(resources)?.[1] ?? NaN);
    if (!fonts.has(fontId)) {
      const font = objs.get(fontId);
      const tu = font ? ref(font.dict, 'ToUnicode') : NaN;
      fonts.set(fontId, {
        map: objs.get(tu)?.stream ? cmap(objs.get(tu)!.stream!) : new Map(),
        widths: font ? glyphWidths(objs, font.dict) : [],
      });
    }
    return fonts.get(fontId)!;
  };
  return kids(ref(root.dict, 'Pages')).map((pageId) => {
    const page = objs.get(pageId)!;
    let resources = page.dict;
    const resRef = ref(page.dict, 'Resources');
    if (!Number.isNaN(resRef)) resources = objs.get(resRef)!.dict;
    const fontsRef = /\/Font (\d+) 0 R/.exec(resources);
    if (fontsRef) resources = objs.get(Number(fontsRef[1]))!.dict;
    const content = objs.get(ref(page.dict, 'Contents'))!.stream!.toString('latin1');
    let font = { map: new Map<number, string>(), widths: [] as number[] };
    let size = 0;
    let x = 0;
    let y = 0;
    const runs: PdfRun[] = [];
    const ops = /1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm|\/(F\d+) ([\d.]+) Tf|\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\] TJ/gi;
    for (const op of content.matchAll(ops)) {
      if (op[1]) {
        x = Number(op[1]);
        y = Number(op[2]);
        continue;
      }
      if (op[3]) {
        font = fontOf(resources, op[3]);
        size = Number(op[4]);
        continue;
      }
      let text = '';
      let advance = 0;
      for (const t of op[5]!.matchAll(/<([0-9a-f]*)>|(-?[\d.]+)/gi)) {
        if (t[1] !== undefined) {
          for (const g of t[1].match(/.{4}/g) ?? []) {
            const id = parseInt(g, 16);
            text += font.map.get(id) ?? '?';
            advance += font.widths[id] ?? 0;
          }
        } else {
          advance -= Number(t[2]);
          if (Number(t[2]) < -200) text += ' ';
        }
      }
      runs.push({ text, x, y, size, width: (advance * size) / 1000 });
    }
    return runs;
  });
}

/** Runs on the same line of a page that overlap (a word wider than its table cell runs into the next one). */
export function overlappingRuns(pages: PdfRun[][]): [string, string][] {
  const out: [string, string][] = [];
  for (const runs of pages) {
    const lines = new Map<number, PdfRun[]>();
    for (const r of runs) lines.set(Math.round(r.y * 10), [...(lines.get(Math.round(r.y * 10)) ?? []), r]);
    for (const line of lines.values()) {
      line.sort((a, b) => a.x - b.x);
      for (let i = 1; i < line.length; i++)
        if (line[i - 1]!.x + line[i - 1]!.width > line[i]!.x + 0.5) out.push([line[i - 1]!.text, line[i]!.text]);
    }
  }
  return out;
}

/** The text of every page, in page order (text runs joined by spaces where the PDF moves on). */
export function pdfPages(pdf: Buffer): string[] {
  return pdfRuns(pdf).map((runs) =>
    runs
      .map((r) => r.text)
      .join(' ')
      .replace(/\s+/g, ' '),
  );
}
