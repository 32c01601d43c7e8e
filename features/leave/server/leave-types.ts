// Leave types and their policies (Jenis Cuti, docs/leave.md): the defaults from the law come with the
// migration …_leave_ledger; admins edit them and add their own. The spec's four `type` values map onto
// one configured type each (LEGACY_CODE), so old clients keep working.
import { db } from '@/lib/server/db';
import { badRequest, conflict, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import type { LeaveTypeConfig, Prisma } from '@/lib/generated/prisma/client';
import type { LeaveTypeInput } from '@/features/leave/validation/leave-ledger';
import type { LeaveTypeDto } from '@/features/leave/types/leave-ledger';
import type { LeaveType } from '@/features/leave/validation/leave';
import { isStaff, assertStaff } from '@/lib/server/auth/policy';
import { MAX_MONTHS } from '@/features/leave/lib/duration';

/** The configured type each of the spec's values stands for. */
export const LEGACY_CODE: Record<LeaveType, string> = { cuti: 'tahunan', sakit: 'sakit', keluarga: 'menikah', lainnya: 'tanpa_upah' };
export const ANNUAL_CODE = 'tahunan';

export function toLeaveTypeDto(t: LeaveTypeConfig): LeaveTypeDto {
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    category: t.category,
    legacyType: t.legacyType,
    deductsBalance: t.deductsBalance,
    quotaPerEvent: t.quotaPerEvent,
    quotaPerYear: t.quotaPerYear,
    halfDayAllowed: t.halfDayAllowed,
    hourlyAllowed: t.hourlyAllowed,
    attachmentRequired: t.attachmentRequired,
    attachmentFromDays: t.attachmentFromDays,
    calendarDays: t.calendarDays,
    durationUnit: t.durationUnit,
    maxDays: t.maxDays,
    minNoticeDays: t.minNoticeDays,
    backdateDays: t.backdateDays,
    paid: t.paid,
    active: t.active,
  };
}

const ORDER = [{ sortOrder: 'asc' }, { name: 'asc' }] satisfies Prisma.LeaveTypeConfigOrderByWithRelationInput[];

/** GET /api/leave-types: anyone signed in (the form needs it); inactive types only for admin and HR. */
export async function listLeaveTypes(actor: Pick<SessionUser, 'role'>): Promise<LeaveTypeDto[]> {
  const staff = isStaff(actor);
  const rows = await db.leaveTypeConfig.findMany({ where: staff ? {} : { active: true }, orderBy: ORDER });
  return rows.map(toLeaveTypeDto);
}

/** The annual leave type (Cuti Tahunan), the one whose balance the ledger keeps. */
export async function annualType(client: Prisma.TransactionClient | typeof db = db): Promise<LeaveTypeConfig | null> {
  return client.leaveTypeConfig.findUnique({ where: { code: ANNUAL_CODE } });
}

/** The type a request names: leaveTypeId wins; else the spec's type value. */
export async function resolveLeaveType(input: { leaveTypeId?: string | null; type?: LeaveType | null }): Promise<LeaveTypeConfig> {
  const row = input.leaveTypeId
    ? await db.leaveTypeConfig.findUnique({ where: { id: input.leaveTypeId } })
    : input.type
      ? await db.leaveTypeConfig.findUnique({ where: { code: LEGACY_CODE[input.type] } })
      : null;
  if (!row || !row.active) throw badRequest('Jenis cuti tidak valid', 'VALIDATION', { leaveTypeId: 'Jenis cuti tidak valid' });
  return row;
}

type Policy = Pick<
  LeaveTypeConfig,
  | 'code'
  | 'legacyType'
  | 'deductsBalance'
  | 'quotaPerYear'
  | 'attachmentRequired'
  | 'attachmentFromDays'
  | 'quotaPerEvent'
  | 'maxDays'
  | 'active'
  | 'durationUnit'
  | 'calendarDays'
  | 'halfDayAllowed'
  | 'hourlyAllowed'
>;
const refuse = (field: string, message: string) => badRequest(message, 'VALIDATION', { [field]: message });

/** The rules between fields, on the type as it will be (the stored row with the body's fields over it). */
function checkPolicy(t: Policy, before: Policy | null): void {
  if (t.quotaPerYear != null && t.code !== ANNUAL_CODE)
    throw refuse('quotaPerYear', 'Kuota per tahun hanya untuk Cuti Tahunan (jenis lain yang memotong saldo memakai saldo cuti tahunan)');
  if (t.code === ANNUAL_CODE && !t.deductsBalance) throw refuse('deductsBalance', 'Cuti Tahunan selalu memotong saldo');
  if (!t.attachmentRequired && t.attachmentFromDays != null)
    throw refuse('attachmentFromDays', 'Lampiran mulai hari ke- hanya diisi bila lampiran wajib');
  if (t.quotaPerEvent != null && t.maxDays != null && t.maxDays < t.quotaPerEvent)
    throw refuse('maxDays', 'Durasi maksimal tidak boleh kurang dari kuota per peristiwa');
  if (t.durationUnit === 'bulan') checkMonths(t);
  // The spec's four type values answer to these types: their value stays.
  if (before && Object.values(LEGACY_CODE).includes(before.code) && t.legacyType !== before.legacyType) {
    throw refuse('legacyType', 'Jenis (type) bawaan ini tidak dapat diubah');
  }
}

/** A type in calendar months: counted in calendar days, whole requests only, figures in half months up to a year. */
function checkMonths(t: Policy): void {
  if (!t.calendarDays) throw refuse('durationUnit', 'Satuan bulan dihitung dengan hari kalender');
  if (t.halfDayAllowed) throw refuse('halfDayAllowed', 'Jenis cuti dalam bulan tidak dapat diambil setengah hari');
  if (t.hourlyAllowed) throw refuse('hourlyAllowed', 'Jenis cuti dalam bulan tidak dapat diambil per jam');
  const fields = [
    ['quotaPerEvent', t.quotaPerEvent, 'Kuota per peristiwa'],
    ['maxDays', t.maxDays, 'Durasi maksimal'],
    ['attachmentFromDays', t.attachmentFromDays, 'Lampiran wajib mulai'],
  ] as const;
  for (const [field, value, label] of fields)
    if (value != null && (!Number.isInteger(value * 2) || value > MAX_MONTHS))
      throw refuse(field, `${label} dalam bulan harus kelipatan 0,5 dan paling banyak ${MAX_MONTHS} bulan`);
}

/** The body's fields that were sent (a PUT may leave some out: they keep their value). */
const sent = (input: LeaveTypeInput) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<LeaveTypeInput>;

/** Two writes of types at once are decided one after the other (names are compared case-insensitively). */
const lockTypes = (tx: Prisma.TransactionClient) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('LeaveTypeConfig'))`;

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 40) || 'jenis';

export async function createLeaveType(actor: SessionUser, input: LeaveTypeInput): Promise<LeaveTypeDto> {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat mengelola jenis cuti.');
  const legacyType = input.legacyType ?? (input.category === 'sakit' ? 'sakit' : input.category === 'izin' ? 'lainnya' : 'keluarga');
  checkPolicy(
    {
      code: '',
      legacyType,
      deductsBalance: false,
      quotaPerYear: null,
      attachmentRequired: false,
      attachmentFromDays: null,
      quotaPerEvent: null,
      maxDays: null,
      active: true,
      durationUnit: 'hari',
      calendarDays: false,
      halfDayAllowed: false,
      hourlyAllowed: false,
      ...sent(input),
    },
    null,
  );
  return db.$transaction(async (tx) => {
    await lockTypes(tx);
    const base = slug(input.name);
    const taken = await tx.leaveTypeConfig.count({ where: { code: { startsWith: base } } });
    const dupName = await tx.leaveTypeConfig.findFirst({
      where: { name: { equals: input.name, mode: 'insensitive' } },
      select: { id: true },
    });
    if (dupName) throw conflict('Nama jenis cuti sudah ada', 'LEAVE_TYPE_EXISTS');
    const row = await tx.leaveTypeConfig.create({
      data: { ...input, legacyType, code: taken ? `${base}_${taken + 1}` : base, sortOrder: 100 },
    });
    await recordAudit(tx, { actor, kind: 'leave_type.create', entity: 'LeaveTypeConfig', entityId: row.id, after: toLeaveTypeDto(row) });
    return toLeaveTypeDto(row);
  });
}

export async function updateLeaveType(actor: SessionUser, id: string, input: LeaveTypeInput): Promise<LeaveTypeDto> {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat mengelola jenis cuti.');
  return db.$transaction(async (tx) => {
    await lockTypes(tx);
    const before = await tx.leaveTypeConfig.findUnique({ where: { id } });
    if (!before) throw notFound('Jenis cuti tidak ditemukan');
    const body = sent(input);
    // Switching the attachment off clears the day it was required from.
    if (body.attachmentRequired === false && body.attachmentFromDays === undefined) body.attachmentFromDays = null;
    checkPolicy({ ...before, ...body }, before);
    const dupName = await tx.leaveTypeConfig.findFirst({
      where: { id: { not: id }, name: { equals: input.name, mode: 'insensitive' } },
      select: { id: true },
    });
    if (dupName) throw conflict('Nama jenis cuti sudah ada', 'LEAVE_TYPE_EXISTS');
    const row = await tx.leaveTypeConfig.update({ where: { id }, data: body });
    await recordAudit(tx, {
      actor,
      kind: 'leave_type.update',
      entity: 'LeaveTypeConfig',
      entityId: id,
      before: toLeaveTypeDto(before),
      after: toLeaveTypeDto(row),
    });
    return toLeaveTypeDto(row);
  });
}
