// SweetAlert2 dialogs and toasts with the spec's defaults (section 9): toasts top-right, 3000 ms,
// progress bar, no confirm button; confirmations 'Ya' / 'Batal'; loading 'Memproses...', not dismissible.
import Swal, { type SweetAlertIcon } from 'sweetalert2';

const Toast = Swal.mixin({
  toast: true,
  position: 'top-end',
  showConfirmButton: false,
  timer: 3000,
  timerProgressBar: true,
});

export function toast(icon: SweetAlertIcon, title: string, timer = 3000) {
  return Toast.fire({ icon, title, timer });
}

export async function confirmDialog(opts: {
  title: string;
  text?: string;
  confirmText?: string;
  cancelText?: string;
  icon?: SweetAlertIcon;
}): Promise<boolean> {
  const r = await Swal.fire({
    title: opts.title,
    text: opts.text,
    icon: opts.icon ?? 'warning',
    showCancelButton: true,
    confirmButtonText: opts.confirmText ?? 'Ya',
    cancelButtonText: opts.cancelText ?? 'Batal',
    confirmButtonColor: '#2563eb',
    cancelButtonColor: '#6b7280',
    reverseButtons: true,
  });
  return r.isConfirmed;
}

export function alertDialog(icon: SweetAlertIcon, title: string, text?: string, timer?: number) {
  return Swal.fire({ icon, title, text, timer, confirmButtonColor: '#2563eb', showConfirmButton: timer === undefined });
}

export function showLoading(text = 'Memproses...') {
  void Swal.fire({
    title: text,
    allowOutsideClick: false,
    allowEscapeKey: false,
    showConfirmButton: false,
    didOpen: () => Swal.showLoading(),
  });
}

export function closeDialog() {
  Swal.close();
}
