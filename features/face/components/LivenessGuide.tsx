'use client';
// What the employee is asked to do now, step by step, with how far they are (docs/face.md, "Liveness").
import { CheckCircle2, Circle } from 'lucide-react';
import { STEP_TEXT, type LivenessStep } from '@/features/face/lib/liveness';
import type { LivenessState } from '@/features/face/components/useLiveness';

export const FACE_STRAIGHT = 'Hadapkan wajah lurus ke kamera';
export const FACE_LOST = 'Wajah tidak terlihat. Posisikan wajah Anda di depan kamera.';
export const LIVENESS_RESTARTED = 'Gerakan belum selesai. Silakan ulangi dari langkah pertama.';

export function LivenessGuide({ steps, state }: { steps: readonly LivenessStep[]; state: LivenessState | null }) {
  const done = state?.done ?? 0;
  const current = steps[done];
  const instruction =
    !state || state.lost ? FACE_LOST : !current ? FACE_STRAIGHT : state.needsNeutral && done > 0 ? FACE_STRAIGHT : STEP_TEXT[current];
  return (
    <div className="space-y-2" data-testid="liveness-guide">
      <p className="font-semibold text-slate-800" data-testid="liveness-instruction">
        {current ? `Langkah ${done + 1} dari ${steps.length}: ` : ''}
        {instruction}
      </p>
      <ol className="flex justify-center gap-3 text-xs text-slate-600" aria-label="Kemajuan gerakan">
        {steps.map((s, i) => (
          <li key={`${s}-${i}`} className="flex items-center gap-1">
            {i < done ? (
              <CheckCircle2 className="h-4 w-4 text-green-600" aria-hidden />
            ) : (
              <Circle className="h-4 w-4 text-slate-400" aria-hidden />
            )}
            <span>
              {STEP_TEXT[s]}
              <span className="sr-only">{i < done ? ' (selesai)' : ' (belum)'}</span>
            </span>
          </li>
        ))}
      </ol>
      <div
        className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Kemajuan gerakan"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
      >
        <div className="h-full bg-blue-600 transition-all" style={{ width: `${(100 * done) / steps.length}%` }} />
      </div>
      {state?.restarted ? <p className="text-xs text-amber-700">{LIVENESS_RESTARTED}</p> : null}
    </div>
  );
}
