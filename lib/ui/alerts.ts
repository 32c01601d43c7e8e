// SweetAlert2 dialogs and toasts with the spec's defaults (section 9): toasts top-right, 3000 ms,
// progress bar, no confirm button; confirmations 'Ya' / 'Batal'; loading 'Memproses...', not dismissible.
// sweetalert2 (about 20 KB compressed) is loaded on the first dialog, not with the page: the calls keep
// their order because each one waits on the same loaded module.
// Text only: sweetalert2 renders `title` and `html` as HTML, so every call here passes `titleText`
// and `text`, which it sets as text. A name like `<img src=x onerror=…>` shows as those characters.
// Dialogs with richer content build DOM nodes (features/attendance/components/dialogs.ts), never HTML strings.
import type { SweetAlertIcon } from 'sweetalert2';

type SwalModule = typeof import('sweetalert2').default;
let loading: Promise<SwalModule> | undefined;
let loaded: SwalModule | undefined;

/**
 * `quick`: the popup goes without its 0.15 s zoom-out (no dialog zooms in: app/globals.css); the backdrop
 * still fades. For the check-in/out flow, where a phone on mobile data counts every tenth of a second
 * from the tap to "Check-in Berhasil!" (docs/face.md).
 */
export type DialogMotion = { quick?: boolean; opened?: () => void };
export const QUICK: DialogMotion = { quick: true };
const NO_MOTION = {
  showClass: { popup: '', backdrop: 'swal2-backdrop-show', icon: 'swal2-icon-show' },
  hideClass: { popup: '', backdrop: 'swal2-backdrop-hide', icon: 'swal2-icon-hide' },
};
/** `opened`: called once the popup is on the page (work that can wait starts after it, not before it). */
const motion = (m?: DialogMotion) => ({ ...(m?.quick ? NO_MOTION : {}), ...(m?.opened ? { didOpen: m.opened } : {}) });

export function loadSwal(): Promise<SwalModule> {
  loading ??= import('sweetalert2').then((m) => (loaded = m.default));
  return loading;
}

/** A dialog (not a toast) is showing. Nothing can show before sweetalert2 is loaded. */
export function isDialogOpen(): boolean {
  return !!loaded && loaded.isVisible() && !loaded.getPopup()?.classList.contains('swal2-toast');
}

/**
 * Confirmations asked for and not answered yet (from the call, before sweetalert2 has even loaded, to
 * the answer). SweetAlert2 shows one popup at a time, so a toast fired meanwhile (a page's "Data laporan
 * berhasil dimuat" arriving just after a click on "Setujui") would replace the confirmation, which then
 * resolves as dismissed: the action the user asked for silently does not happen. Toasts wait for the
 * answer instead. Loading dialogs are not counted: a toast replacing "Memproses..." is the usual end.
 */
let deciding = 0;
const afterDecision: (() => void)[] = [];
const decisionsDone = (): Promise<void> => (deciding === 0 ? Promise.resolve() : new Promise((resolve) => afterDecision.push(resolve)));

export function toast(icon: SweetAlertIcon, title: string, timer = 3000) {
  return decisionsDone()
    .then(loadSwal)
    .then((Swal) =>
      Swal.fire({ toast: true, position: 'top-end', showConfirmButton: false, timer, timerProgressBar: true, icon, titleText: title }),
    );
}

type ConfirmOptions = {
  title: string;
  text?: string;
  confirmText?: string;
  cancelText?: string;
  icon?: SweetAlertIcon;
  quick?: boolean;
  /** The note is the required reason (a rejection): labelled so, and an empty one is refused with this text. */
  noteRequired?: string;
};

export async function confirmDialog(opts: ConfirmOptions): Promise<boolean> {
  return (await askConfirmation(opts)) !== null;
}

/** The longest note the decision APIs accept (leave, overtime, corrections). */
export const NOTE_MAX_LENGTH = 500;

/**
 * A confirmation with an optional note under its text (a textarea labelled 'Catatan (opsional)'):
 * the note as typed, '' when left empty, null when the user cancelled.
 */
export function confirmWithNote(opts: ConfirmOptions): Promise<string | null> {
  return askConfirmation(opts, true);
}

async function askConfirmation(opts: ConfirmOptions, withNote = false): Promise<string | null> {
  deciding++;
  try {
    const Swal = await loadSwal();
    const r = await Swal.fire({
      titleText: opts.title,
      text: opts.text,
      icon: opts.icon ?? 'warning',
      ...(withNote
        ? {
            input: 'textarea' as const,
            inputLabel: opts.noteRequired ? 'Alasan (wajib)' : 'Catatan (opsional)',
            inputAttributes: { maxlength: String(NOTE_MAX_LENGTH) },
            ...(opts.noteRequired ? { inputValidator: (v: string) => (v.trim() ? null : opts.noteRequired!) } : {}),
          }
        : {}),
      showCancelButton: true,
      confirmButtonText: opts.confirmText ?? 'Ya',
      cancelButtonText: opts.cancelText ?? 'Batal',
      confirmButtonColor: '#2563eb',
      cancelButtonColor: '#6b7280',
      reverseButtons: true,
      ...motion(opts),
    });
    if (!r.isConfirmed) return null;
    return withNote && typeof r.value === 'string' ? r.value : '';
  } finally {
    if (--deciding === 0) for (const resolve of afterDecision.splice(0)) resolve();
  }
}

/**
 * The success of a routine save: a toast with the message's title and text (the spec's wording), which
 * goes by itself; a blocking dialog with an OK button is kept for what must be read (issue 35).
 */
export function savedToast(title: string, text?: string, timer = 3000) {
  return decisionsDone()
    .then(loadSwal)
    .then((Swal) =>
      Swal.fire({
        toast: true,
        position: 'top-end',
        showConfirmButton: false,
        timer,
        timerProgressBar: true,
        icon: 'success',
        titleText: title,
        text,
      }),
    );
}

export function alertDialog(icon: SweetAlertIcon, title: string, text?: string, timer?: number, m?: DialogMotion) {
  return loadSwal().then((Swal) =>
    Swal.fire({
      icon,
      titleText: title,
      text,
      timer,
      confirmButtonColor: '#2563eb',
      showConfirmButton: timer === undefined,
      ...motion(m),
    }),
  );
}

export function showLoading(text = 'Memproses...', m?: DialogMotion) {
  void loadSwal().then((Swal) =>
    Swal.fire({
      titleText: text,
      allowOutsideClick: false,
      allowEscapeKey: false,
      showConfirmButton: false,
      didOpen: () => Swal.showLoading(),
      ...motion(m),
    }),
  );
}

export function closeDialog() {
  void loadSwal().then((Swal) => Swal.close());
}
