// A workbook's zip entries may come in any order; ExcelJS's own writer sometimes puts a sheet before
// xl/workbook.xml, and the streaming reader used to fail on such a file ('not an XLSX'), now and then on
// our own template. The order is fixed here, both ways, so the reading is tested deterministically.
import { describe, expect, it } from 'vitest';
import { unzipSync, zipSync } from 'fflate';
import { importTemplate } from '@/features/employees/server/import/import-export';
import { readImportFile } from '@/features/employees/server/import/import-file';

const template = async () =>
  unzipSync(new Uint8Array(await (await importTemplate({ id: 'x', role: 'hr' } as never, 'xlsx')).arrayBuffer()));
const rezip = (files: Record<string, Uint8Array>, first: string[]) => {
  const ordered: Record<string, Uint8Array> = {};
  for (const name of [...first, ...Object.keys(files)]) if (files[name] && !ordered[name]) ordered[name] = files[name]!;
  expect(Object.keys(ordered).slice(0, first.length)).toEqual(first);
  return `data:application/octet-stream;base64,${Buffer.from(zipSync(ordered)).toString('base64')}`;
};
const SHEETS = ['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml'];
const BOOK = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml'];

describe('XLSX import: the first sheet whatever the order of the zip', () => {
  for (const [label, first] of [
    ['workbook first', BOOK],
    ['sheets before the workbook', ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', ...SHEETS, 'xl/workbook.xml']],
    ['the explanation sheet first, before the workbook', ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', ...[...SHEETS].reverse()]],
    ['sheets before everything', [...[...SHEETS].reverse(), ...BOOK]],
  ] as const)
    it(label, async () => {
      const files = await template();
      for (const name of first) expect(files[name], name).toBeDefined();
      const grid = await readImportFile(rezip(files, [...first]));
      expect(grid.kind).toBe('xlsx');
      expect(grid.rows[0]!.slice(0, 3)).toEqual(['NIK', 'Nama', 'Email']);
      expect(grid.rows[1]![0]).toBe('K0001');
      expect(grid.rows).toHaveLength(2);
    });
});
