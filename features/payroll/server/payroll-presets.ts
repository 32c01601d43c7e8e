// File penggajian's presets (docs/exports.md): column sets the admin saves by name. The default preset
// (Standar) is not a row: it is always there and cannot be changed. Every change is audited.
import { db } from '@/lib/server/db';
import type { PayrollPreset } from '@/lib/generated/prisma/client';
import { conflict, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { assertAdmin, assertStaff } from '@/lib/server/auth/policy';
import type { SessionUser } from '@/lib/server/auth/session';
import { PAYROLL_COLUMNS, STANDARD_PRESET, STANDARD_PRESET_ID, type PayrollPresetShape } from '@/features/payroll/lib/columns';
import type { PayrollPresetInput } from '@/features/payroll/validation/payroll';
import type { PayrollPresetDto, PayrollPresetsDto } from '@/features/payroll/types/payroll';

const ADMIN_ONLY = 'Hanya admin yang dapat mengelola preset penggajian.';
const NAME_TAKEN = (name: string) => `Preset "${name}" sudah ada`;
export const PRESET_NOT_FOUND = 'Preset penggajian tidak ditemukan';

const shapeOf = (p: PayrollPreset): PayrollPresetShape => ({
  name: p.name,
  columns: p.columns as PayrollPresetShape['columns'],
  decimalSeparator: p.decimalSeparator as PayrollPresetShape['decimalSeparator'],
  decimals: p.decimals,
  dateFormat: p.dateFormat as PayrollPresetShape['dateFormat'],
  csvSeparator: p.csvSeparator as PayrollPresetShape['csvSeparator'],
});
const toDto = (p: PayrollPreset): PayrollPresetDto => ({ id: p.id, builtIn: false, updatedAt: p.updatedAt.toISOString(), ...shapeOf(p) });
export const STANDARD_DTO: PayrollPresetDto = { id: STANDARD_PRESET_ID, builtIn: true, updatedAt: null, ...STANDARD_PRESET };

/** The preset of a download: Standar or a saved one (404 when it does not exist). */
export async function presetOf(id: string): Promise<PayrollPresetDto> {
  if (id === STANDARD_PRESET_ID) return STANDARD_DTO;
  const p = await db.payrollPreset.findUnique({ where: { id } });
  if (!p) throw notFound(PRESET_NOT_FOUND);
  return toDto(p);
}

/** GET /api/payroll-presets (admin, HR): the columns to choose from and the presets, Standar first. */
export async function listPayrollPresets(actor: SessionUser): Promise<PayrollPresetsDto> {
  assertStaff(actor);
  const rows = await db.payrollPreset.findMany({ orderBy: { name: 'asc' } });
  return { catalog: PAYROLL_COLUMNS, presets: [STANDARD_DTO, ...rows.map(toDto)] };
}

async function assertNameFree(name: string, exceptId: string | null) {
  if (name.toLowerCase() === STANDARD_PRESET.name.toLowerCase()) throw conflict(NAME_TAKEN(name), 'DUPLICATE');
  const [other] = await db.$queryRaw<
    { id: string }[]
  >`SELECT id::text AS id FROM "PayrollPreset" WHERE lower(name) = lower(${name}) LIMIT 1`;
  if (other && other.id !== exceptId) throw conflict(NAME_TAKEN(name), 'DUPLICATE');
}

const mapTaken =
  (name: string) =>
  (err: unknown): never => {
    if ((err as { code?: string })?.code === 'P2002') throw conflict(NAME_TAKEN(name), 'DUPLICATE');
    throw err;
  };

/** POST /api/payroll-presets (admin). */
export async function createPayrollPreset(actor: SessionUser, input: PayrollPresetInput): Promise<PayrollPresetDto> {
  assertAdmin(actor, ADMIN_ONLY);
  await assertNameFree(input.name, null);
  return db
    .$transaction(async (tx) => {
      const p = await tx.payrollPreset.create({ data: input });
      await recordAudit(tx, { actor, kind: 'payroll_preset.create', entity: 'PayrollPreset', entityId: p.id, after: shapeOf(p) });
      return toDto(p);
    })
    .catch(mapTaken(input.name));
}

/** PUT /api/payroll-presets/{id} (admin). */
export async function updatePayrollPreset(actor: SessionUser, id: string, input: PayrollPresetInput): Promise<PayrollPresetDto> {
  assertAdmin(actor, ADMIN_ONLY);
  await assertNameFree(input.name, id);
  return db
    .$transaction(async (tx) => {
      const before = await tx.payrollPreset.findUnique({ where: { id } });
      if (!before) throw notFound(PRESET_NOT_FOUND);
      const p = await tx.payrollPreset.update({ where: { id }, data: input });
      await recordAudit(tx, {
        actor,
        kind: 'payroll_preset.update',
        entity: 'PayrollPreset',
        entityId: id,
        before: shapeOf(before),
        after: shapeOf(p),
      });
      return toDto(p);
    })
    .catch(mapTaken(input.name));
}

/** DELETE /api/payroll-presets/{id} (admin). */
export async function deletePayrollPreset(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertAdmin(actor, ADMIN_ONLY);
  return db.$transaction(async (tx) => {
    const before = await tx.payrollPreset.findUnique({ where: { id } });
    if (!before) throw notFound(PRESET_NOT_FOUND);
    await tx.payrollPreset.delete({ where: { id } });
    await recordAudit(tx, { actor, kind: 'payroll_preset.delete', entity: 'PayrollPreset', entityId: id, before: shapeOf(before) });
    return { message: `Preset ${before.name} dihapus` };
  });
}
