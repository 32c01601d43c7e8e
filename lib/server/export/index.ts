// One response for every export: the format's content type, an attachment file name, no caching, and a
// body streamed from the rows' cursor (docs/exports.md).
import { Readable } from 'node:stream';
import { csvChunks } from '@/lib/server/export/csv';
import { jsonChunks } from '@/lib/server/export/json';
import { xlsxStream } from '@/lib/server/export/xlsx';
import { pdfBuffer } from '@/lib/server/export/pdf';
import type { ExportDocument, ExportFormat } from '@/lib/server/export/types';

export * from '@/lib/server/export/types';

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

function textStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(enc.encode(value));
        } catch (err) {
          controller.error(err);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

export function exportHeaders(format: ExportFormat, fileBase: string): Record<string, string> {
  const name = `${fileBase}.${format}`;
  return {
    'Content-Type': TYPES[format],
    'Content-Disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}

/** The export as a streamed Response (a PDF is built first: pdfmake lays it out whole). */
export async function exportResponse(format: ExportFormat, doc: ExportDocument): Promise<Response> {
  const headers = exportHeaders(format, doc.fileBase);
  if (format === 'pdf') return new Response(new Uint8Array(await pdfBuffer(doc)), { headers });
  if (format === 'xlsx') return new Response(Readable.toWeb(xlsxStream(doc)) as ReadableStream<Uint8Array>, { headers });
  return new Response(textStream(format === 'csv' ? csvChunks(doc) : jsonChunks(doc)), { headers });
}
