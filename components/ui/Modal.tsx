'use client';
// The app's dialog frame (the look of the employee and leave forms): a dimmed backdrop, a titled white
// panel with a close button, Escape closes. The body is the caller's (usually a form).
import { X } from 'lucide-react';

export function Modal({
  id,
  title,
  onClose,
  children,
  wide = false,
}: {
  id: string;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className={`max-h-full w-full ${wide ? 'max-w-2xl' : 'max-w-lg'} overflow-y-auto rounded-2xl bg-white shadow-xl`}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button type="button" onClick={onClose} className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Tutup">
            <X className="h-5 w-5" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** The Batal / submit pair at the bottom of a dialog form. `ready` false (before hydration) keeps submit disabled. */
export function ModalActions({
  onCancel,
  busy,
  submitLabel,
  ready = true,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  ready?: boolean;
}) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <button
        type="button"
        onClick={onCancel}
        disabled={busy}
        className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        Batal
      </button>
      <button
        type="submit"
        disabled={busy || !ready}
        className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
      >
        {busy ? 'Menyimpan...' : submitLabel}
      </button>
    </div>
  );
}

/**
 * The dialog that shows a secret once (a kiosk's pairing code, an API key, a webhook's secret): the caller's
 * text around the value, Salin when `copy` is given, and Selesai, which (like closing the dialog) calls `onDone`.
 */
export function ShownOnceModal({
  id,
  title,
  copy,
  onDone,
  children,
}: {
  id: string;
  title: string;
  copy?: string;
  onDone: () => void;
  children: React.ReactNode;
}) {
  return (
    <Modal id={id} title={title} onClose={onDone}>
      <div className="space-y-3 px-6 py-5 text-sm text-slate-700">
        {children}
        <div className="flex justify-end gap-2">
          {copy ? (
            <button
              type="button"
              onClick={() => void navigator.clipboard?.writeText(copy)}
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50"
            >
              Salin
            </button>
          ) : null}
          <button type="button" onClick={onDone} className="rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700">
            Selesai
          </button>
        </div>
      </div>
    </Modal>
  );
}

export { buttonClass } from '@/components/ui/Button';
