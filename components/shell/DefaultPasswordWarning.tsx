// Banner of the admin screens when the configured default password is weak or a demo value.
import { TriangleAlert } from 'lucide-react';

export function DefaultPasswordWarning({ reason }: { reason: string }) {
  return (
    <div
      role="alert"
      data-testid="default-password-warning"
      className="mb-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">Password bawaan karyawan lemah:</span> DEFAULT_EMPLOYEE_PASSWORD {reason}. Password ini diberikan
        kepada pengguna baru dan setiap reset password. Ganti dengan password yang panjang dan acak di konfigurasi server, lalu mulai ulang
        aplikasi.
      </p>
    </div>
  );
}
