'use client';
// The history pages' exports: the spec's 'Export CSV' button, and XLSX, PDF and JSON beside it. Each
// downloads straight from the server's streamed export (docs/exports.md): no row is held in the page.
import { Download } from 'lucide-react';
import { toast } from '@/lib/ui/alerts';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf' | 'json';
const OTHER: { format: ExportFormat; label: string }[] = [
  { format: 'xlsx', label: 'XLSX' },
  { format: 'pdf', label: 'PDF' },
  { format: 'json', label: 'JSON' },
];

/** Starts a download of a same-origin URL (the session cookie goes with it). */
export function downloadUrl(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function ExportButtons({
  href,
  disabled,
  empty,
  done,
}: {
  href: (format: ExportFormat) => string;
  disabled: boolean;
  empty: boolean;
  done: string;
}) {
  const go = (format: ExportFormat) => {
    if (empty) return void toast('warning', 'Tidak ada data untuk diexport');
    downloadUrl(href(format));
    void toast('success', done, 2000);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => go('csv')}
        disabled={disabled}
        className="inline-flex items-center gap-2 rounded-lg bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-50"
      >
        <Download className="h-4 w-4" aria-hidden /> Export CSV
      </button>
      {OTHER.map((o) => (
        <button
          key={o.format}
          type="button"
          onClick={() => go(o.format)}
          disabled={disabled}
          aria-label={`Export ${o.label}`}
          className="inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          <Download className="h-4 w-4" aria-hidden /> {o.label}
        </button>
      ))}
    </div>
  );
}
