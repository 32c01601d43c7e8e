// Where a check-in or check-out was made (docs/kiosk.md, docs/terminals.md): the employee's phone, an
// office kiosk, an attendance machine's push, or an attlog/CSV file imported by HR. Shared by the admin
// history list and its exports, so both say it the same way.
import type { PunchSource, PunchSourceKind } from '@/features/attendance/types/attendance';

export const PUNCH_SOURCE_KINDS = ['ponsel', 'kiosk', 'mesin', 'impor'] as const satisfies readonly PunchSourceKind[];

/** "Kiosk Lobi" from "Lobi"; a name that already says it ("Kiosk Lobi") is not said twice. */
const named = (word: string, name: string | null) =>
  !name ? word : name.toLowerCase().startsWith(`${word.toLowerCase()} `) ? name : `${word} ${name}`;

/** "Ponsel", "Kiosk Lobi", "Mesin Pintu Gudang", "Impor file". */
export function punchSourceLabel(kind: PunchSourceKind, name: string | null): string {
  switch (kind) {
    case 'kiosk':
      return named('Kiosk', name);
    case 'mesin':
      return named('Mesin', name);
    case 'impor':
      return 'Impor file';
    default:
      return 'Ponsel';
  }
}

/** A side's source from the stored kind and name (null when the side has no punch). */
export function punchSource(kind: string | null, name: string | null): PunchSource | null {
  if (!kind || !(PUNCH_SOURCE_KINDS as readonly string[]).includes(kind)) return null;
  const k = kind as PunchSourceKind;
  return { kind: k, name, label: punchSourceLabel(k, name) };
}
