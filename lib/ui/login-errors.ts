// The login screen's mapping of failure texts: the server's message picks one of a fixed set of texts,
// the one screen that reads the message rather than the code (docs/architecture.md, "Where each rule lives").
export function loginErrorText(message: string | null | undefined): string {
  const m = (message ?? '').toLowerCase();
  if (m.includes('invalid') || m.includes('credentials')) return 'Email atau password salah';
  if (m.includes('network') || m.includes('connection')) return 'Koneksi jaringan bermasalah. Silakan coba lagi.';
  if (m.includes('timeout')) return 'Waktu login habis. Silakan coba lagi.';
  return message || 'Terjadi kesalahan saat login';
}
