// File penggajian's response types (docs/exports.md).
import type { PayrollColumnDef, PayrollPresetShape } from '@/features/payroll/lib/columns';

export type PayrollPresetDto = PayrollPresetShape & { id: string; builtIn: boolean; updatedAt: string | null };

export type PayrollPresetsDto = { catalog: PayrollColumnDef[]; presets: PayrollPresetDto[] };
