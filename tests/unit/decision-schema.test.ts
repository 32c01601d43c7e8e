// One decision body for leave, overtime and corrections (features/approvals/validation/decision.ts): the same answers to
// the same bodies from all three routes' schemas, and the same words.
import { describe, expect, it } from 'vitest';
import { leaveStatusSchema } from '@/features/leave/validation/leave';
import { overtimeStatusSchema } from '@/features/overtime/validation/overtime';
import { correctionDecisionSchema } from '@/features/corrections/validation/corrections';
import { DECISION_MSG } from '@/features/approvals/validation/decision';

const schemas = { leave: leaveStatusSchema, overtime: overtimeStatusSchema, corrections: correctionDecisionSchema };
const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? null : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));

describe.each(Object.entries(schemas))('%s decision body', (_name, schema) => {
  it('a rejection needs its reason: absent, null, empty or blank is "Alasan penolakan harus diisi" on note', () => {
    for (const note of [undefined, null, '', '   \n ']) {
      expect(fieldsOf(schema.safeParse({ status: 'rejected', note }))).toEqual({ note: 'Alasan penolakan harus diisi' });
    }
    expect(DECISION_MSG.rejectReason).toBe('Alasan penolakan harus diisi');
  });

  it('an approval’s note is optional; a note is trimmed; a blank one is none', () => {
    expect(schema.parse({ status: 'approved' }).note).toBeUndefined();
    expect(schema.parse({ status: 'approved', note: '  ' }).note).toBeUndefined();
    expect(schema.parse({ status: 'rejected', note: '  Kuota tim penuh  ' })).toMatchObject({
      status: 'rejected',
      note: 'Kuota tim penuh',
    });
  });

  it('500 characters pass, 501 do not; any other status or a non-text note is refused', () => {
    expect(schema.safeParse({ status: 'rejected', note: 'x'.repeat(500) }).success).toBe(true);
    expect(fieldsOf(schema.safeParse({ status: 'rejected', note: 'x'.repeat(501) }))).toEqual({ note: 'Catatan maksimal 500 karakter' });
    expect(fieldsOf(schema.safeParse({ status: 'pending' }))).toEqual({ status: 'Status harus approved atau rejected' });
    expect(fieldsOf(schema.safeParse({ status: 'approved', note: 5 }))).toEqual({ note: 'Catatan tidak valid' });
  });
});
