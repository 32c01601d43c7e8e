'use client';
// Absensi Hari Ini: an employee without an active face enrolment is asked to enrol before checking in.
import { useState } from 'react';
import { ScanFace } from 'lucide-react';
import { LazyEnrolFaceDialog } from '@/features/face/components/lazy';
import { useFaceEnrolment, useFaceSettings, type FaceEnrolmentDto } from '@/features/face/components/useFaceEnrolment';

/** `initial`: the status the server rendered the page with, so the prompt is in the first paint (no shift). */
export function EnrolPrompt({ onEnrolled, initial }: { onEnrolled?: () => void; initial?: FaceEnrolmentDto }) {
  const { data, reload } = useFaceEnrolment(undefined, true, initial);
  const { faceMatchThreshold } = useFaceSettings();
  const [open, setOpen] = useState(false);
  if (!data || data.enrolled) return null;
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      role="alert"
      data-testid="enrol-prompt"
    >
      <div className="flex items-start gap-3">
        <ScanFace className="mt-0.5 h-6 w-6 shrink-0 text-amber-600" aria-hidden />
        <div>
          <p className="font-semibold text-amber-900">Wajah Anda belum terdaftar</p>
          <p className="text-sm text-amber-800">
            {data.status === 'reset' ? 'Pendaftaran wajah Anda telah direset oleh admin. ' : ''}
            Daftarkan wajah Anda terlebih dahulu: setiap check-in dan check-out dicocokkan dengan wajah yang terdaftar.
          </p>
        </div>
      </div>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex shrink-0 items-center justify-center gap-2 rounded-lg bg-amber-700 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-800"
      >
        <ScanFace className="h-4 w-4" aria-hidden /> Daftarkan Wajah
      </button>
      {open && (
        <LazyEnrolFaceDialog
          threshold={faceMatchThreshold}
          onClose={() => setOpen(false)}
          onEnrolled={() => {
            setOpen(false);
            void reload();
            onEnrolled?.();
          }}
        />
      )}
    </div>
  );
}
