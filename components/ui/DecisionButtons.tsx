// Setujui / Tolak on a pending request, the same pair on every list that decides one (leave, overtime,
// corrections): green and red with an icon, both disabled while a decision is being sent. The dialog
// and the request are lib/ui/decide.ts.
import { Check, X } from 'lucide-react';
import type { Decision } from '@/lib/ui/decide';

const BASE = 'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60';

export function DecisionButtons({ onDecide, disabled = false }: { onDecide: (decision: Decision) => void; disabled?: boolean }) {
  return (
    <div className="flex shrink-0 gap-2">
      <button type="button" onClick={() => onDecide('approved')} disabled={disabled} className={`${BASE} bg-green-700 hover:bg-green-800`}>
        <Check className="h-4 w-4" aria-hidden />
        Setujui
      </button>
      <button type="button" onClick={() => onDecide('rejected')} disabled={disabled} className={`${BASE} bg-red-700 hover:bg-red-800`}>
        <X className="h-4 w-4" aria-hidden />
        Tolak
      </button>
    </div>
  );
}
