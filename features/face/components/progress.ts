// What the capture dialogs say while the face engine's files download and the engine starts.
export const PREPARING = 'Menyiapkan verifikasi wajah…';

const mb = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "Menyiapkan verifikasi wajah… 1,2 / 1,9 MB" while bytes are still coming, else without figures. */
export function preparingText(progress: { loaded: number; total: number } | null): string {
  if (!progress || progress.loaded >= progress.total) return PREPARING;
  return `${PREPARING} ${mb(progress.loaded)} / ${mb(progress.total)} MB`;
}
