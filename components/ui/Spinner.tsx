export function Spinner({ label = 'Memuat...', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex flex-col items-center justify-center gap-3 py-10 text-slate-500 ${className}`}>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-blue-200 border-t-blue-600" aria-hidden />
      <span className="text-sm">{label}</span>
    </div>
  );
}
