// JSON for payroll integrations (schema in docs/exports.md): a header object, then the rows one by one.
import { iterate } from '@/lib/server/export/format';
import { columnsFor, type ExportDocument, type ExportSheet } from '@/lib/server/export/types';

function record<R>(sheet: ExportSheet<R>, row: R): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columnsFor(sheet, 'json')) out[c.key] = c.value(row) ?? null;
  return out;
}

export async function* jsonChunks(doc: ExportDocument): AsyncGenerator<string> {
  const head = {
    schema: doc.schema,
    title: doc.title,
    companyName: doc.companyName,
    period: doc.periodLabel,
    generatedAt: (doc.generatedAt ?? new Date()).toISOString(),
    columns: columnsFor(doc.detail, 'json').map((c) => ({ key: c.key, header: c.header, type: c.type })),
  };
  let chunk = JSON.stringify(head).slice(0, -1);
  if (doc.summary) {
    const summary: unknown[] = [];
    for await (const r of iterate(doc.summary.rows)) summary.push(record(doc.summary, r));
    chunk += `,"summary":${JSON.stringify(summary)}`;
  }
  chunk += ',"rows":[';
  let first = true;
  for await (const row of iterate(doc.detail.rows)) {
    chunk += (first ? '' : ',') + JSON.stringify(record(doc.detail, row));
    first = false;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + ']}';
}
