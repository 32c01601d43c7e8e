'use client';
// Dokumentasi API (/admin/integrations/api-docs): GET /api/openapi.json rendered for integrators, from the
// app's own bundle (no external script, nothing evaluated: it fits the app's CSP). Operations grouped by
// their first path segment, each with its callers, the API key scopes that open it, its parameters and
// its JSON body schema; a filter narrows them by path or summary.
import { useEffect, useMemo, useState } from 'react';
import Link from 'next/link';
import { ArrowLeft, Download } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { api, errorMessage } from '@/lib/api-client';
import { SCOPE_LABELS, type ApiKeyScope } from '@/features/integrations/lib/scopes';

type Parameter = { name: string; in: string; required: boolean; schema: unknown };
type Operation = {
  summary: string;
  tags: string[];
  'x-callers': string;
  'x-api-key-scopes'?: ApiKeyScope[];
  parameters: Parameter[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
};
type Doc = { info: { title: string; version: string }; paths: Record<string, Record<string, Operation>> };
type Row = { method: string; path: string; op: Operation };

const METHOD_TONE: Record<string, string> = {
  get: 'bg-blue-100 text-blue-800',
  post: 'bg-green-100 text-green-800',
  put: 'bg-amber-100 text-amber-800',
  patch: 'bg-amber-100 text-amber-800',
  delete: 'bg-red-100 text-red-800',
};

const CALLERS: Record<string, string> = {
  public: 'Tanpa login',
  optional: 'Tanpa login atau login',
  user: 'Semua pengguna login',
  kiosk: 'Kiosk',
};
const callers = (c: string) => CALLERS[c] ?? c;

function typeOf(schema: unknown): string {
  if (!schema || typeof schema !== 'object') return '';
  const s = schema as { type?: string | string[]; enum?: unknown[]; format?: string };
  if (s.enum) return s.enum.map(String).join(' | ');
  return [s.type, s.format].flat().filter(Boolean).join(', ');
}

function OperationDetails({ row }: { row: Row }) {
  const { method, path, op } = row;
  const body = op.requestBody?.content['application/json'].schema;
  return (
    <details className="rounded-lg border border-slate-200 bg-white" data-testid="api-operation">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_TONE[method] ?? 'bg-slate-100'}`}>
          {method}
        </span>
        <span className="break-all font-mono text-slate-900">{path}</span>
        <span className="text-slate-600">{op.summary}</span>
      </summary>
      <div className="space-y-3 border-t border-slate-100 px-3 py-3 text-sm text-slate-700">
        <p>
          <span className="font-semibold">Pemanggil:</span> {callers(op['x-callers'])}
        </p>
        {op['x-api-key-scopes'] ? (
          <p>
            <span className="font-semibold">Kunci API:</span>{' '}
            {op['x-api-key-scopes'].map((s) => `${SCOPE_LABELS[s] ?? s} (${s})`).join(', ')}
          </p>
        ) : null}
        {op.parameters.length ? (
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-xs">
              <caption className="sr-only">Parameter {path}</caption>
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="py-1 pr-3">
                    Parameter
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Letak
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Tipe
                  </th>
                  <th scope="col" className="py-1">
                    Wajib
                  </th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`} className="border-t border-slate-100">
                    <td className="py-1 pr-3 font-mono">{p.name}</td>
                    <td className="py-1 pr-3">{p.in}</td>
                    <td className="break-all py-1 pr-3 font-mono">{typeOf(p.schema)}</td>
                    <td className="py-1">{p.required ? 'ya' : 'tidak'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {body ? (
          <div>
            <p className="font-semibold">Body (application/json)</p>
            <pre className="mt-1 max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0}>
              {JSON.stringify(body, null, 2)}
            </pre>
          </div>
        ) : null}
      </div>
    </details>
  );
}

export function ApiDocs() {
  const [doc, setDoc] = useState<Doc | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    api
      .get<Doc>('/openapi.json')
      .then(setDoc)
      .catch((err: unknown) => setError(errorMessage(err, 'Gagal memuat dokumentasi API')));
  }, []);

  const groups = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const rows: Row[] = Object.entries(doc?.paths ?? {}).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method, path, op })),
    );
    const shown = q ? rows.filter((r) => `${r.method} ${r.path} ${r.op.summary}`.toLowerCase().includes(q)) : rows;
    const byTag = new Map<string, Row[]>();
    for (const r of shown) byTag.set(r.op.tags[0] ?? '', [...(byTag.get(r.op.tags[0] ?? '') ?? []), r]);
    return [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [doc, filter]);

  return (
    <div>
      <PageHeader
        title="Dokumentasi API"
        subtitle="Semua rute /api, dibuat dari skema validasi yang dipakai rute itu sendiri (OpenAPI 3.1)"
        actions={
          <>
            <Link
              href="/admin/integrations"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Integrasi
            </Link>
            <a
              href="/api/openapi.json"
              download="absensi-openapi.json"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              openapi.json
            </a>
          </>
        }
      />
      <div className="mb-4">
        <label htmlFor="api-filter" className="mb-1 block text-sm font-medium text-slate-700">
          Cari rute
        </label>
        <input
          id="api-filter"
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder="mis. recap, attendance, POST"
          className="w-full max-w-md rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : !doc ? (
        <Spinner label="Memuat dokumentasi API..." />
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-slate-600" data-testid="api-count">
            {groups.reduce((n, [, rows]) => n + rows.length, 0)} operasi · {doc.info.title} {doc.info.version}
          </p>
          {groups.map(([tag, rows]) => (
            <section key={tag} aria-labelledby={`tag-${tag}`}>
              <h2 id={`tag-${tag}`} className="mb-2 font-mono text-base font-semibold text-slate-900">
                {tag}
              </h2>
              <div className="space-y-2">
                {rows.map((r) => (
                  <OperationDetails key={`${r.method} ${r.path}`} row={r} />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
