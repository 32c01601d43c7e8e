// The activation card's link as text (features/employees/server/invites-print.ts): a token holding "fi", "fl"
// or "ff" reads back letter for letter from the PDF, not as a ligature glyph.
import { describe, it, expect } from 'vitest';
import { renderPdf } from '@/lib/server/export/pdf';
import { linkText } from '@/features/employees/server/invites-print';
import { pdfPages } from '../pdf-text';

describe('activation card link', () => {
  it('keeps fi, fl and ff as letters', async () => {
    const link = 'http://localhost/activate?token=abfiXYffQflR_-0123456789abcdefghijklmnopq';
    const pdf = await renderPdf({ content: [linkText(link)], defaultStyle: { font: 'Roboto' } });
    expect(pdfPages(pdf).join(' ').replace(/\s+/g, '')).toBe(link);
  });
});
