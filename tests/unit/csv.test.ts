import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '@/lib/csv';

describe('csv', () => {
  it('doubles quotes and quotes every cell', () => {
    expect(csvCell('Budi "Bud" S')).toBe('"Budi ""Bud"" S"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(-6.1754)).toBe('"-6.1754"');
    expect(csvCell('-6.1754, 106.8272')).toBe('"-6.1754, 106.8272"');
  });
  it('neutralises formula cells', () => {
    for (const bad of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx']) expect(csvCell(bad).startsWith('"\'')).toBe(true);
    expect(csvCell('Lengkap')).toBe('"Lengkap"');
  });
  it('joins rows with CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('"a","b"\r\n"1","x,y"');
  });
});
