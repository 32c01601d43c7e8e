// Face enrolment and review inputs: shared by the route handlers and the pages.
import { z } from 'zod';
import { DESCRIPTOR_LENGTH } from '@/features/face/lib/descriptor';
import { ENROLMENT_CAPTURES } from '@/features/face/lib/enrolment';
import { isUuid, uuidParam } from '@/lib/validation/common';
import { decisionFields, requireRejectReason } from '@/features/approvals/validation/decision';

/** Three JPEG data URLs of at most 300 KB each (~410 KB in base64) plus the descriptors. */
export const MAX_ENROL_BODY = 1_400_000;

const descriptor = z
  .array(z.number({ error: 'Deskriptor wajah tidak valid' }).finite('Deskriptor wajah tidak valid'), {
    error: 'Deskriptor wajah tidak valid',
  })
  .length(DESCRIPTOR_LENGTH, 'Deskriptor wajah harus berisi 128 angka');

export const enrolSchema = z.object({
  captures: z
    .array(
      z.object({
        image: z.string({ error: 'Foto wajah wajib diisi' }).min(1, 'Foto wajah wajib diisi'),
        descriptor,
      }),
      { error: 'Tiga foto wajah wajib diisi' },
    )
    .length(ENROLMENT_CAPTURES, 'Tiga foto wajah wajib diisi'),
});
export type EnrolInput = z.output<typeof enrolSchema>;

export const enrolmentUserParam = uuidParam('userId', 'ID pengguna tidak valid');

export const enrolmentPhotoParams = z.object({ userId: z.string(), position: z.string() }).transform((p, ctx) => {
  if (!isUuid(p.userId)) {
    ctx.addIssue({ code: 'custom', path: ['userId'], message: 'ID pengguna tidak valid' });
    return z.NEVER;
  }
  const position = Number(p.position);
  if (!Number.isInteger(position) || position < 1 || position > ENROLMENT_CAPTURES) {
    ctx.addIssue({ code: 'custom', path: ['position'], message: 'Posisi foto harus 1 sampai 3' });
    return z.NEVER;
  }
  return { userId: p.userId.toLowerCase(), position };
});

export const REVIEW_DECISIONS = ['confirmed', 'rejected'] as const;
/** A confirmation's note is optional; a rejection needs its reason, as every rejection (features/approvals/validation/decision.ts). */
export const reviewSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: 'Keputusan harus confirmed atau rejected' }),
    note: decisionFields.note,
  })
  .superRefine((v, ctx) => requireRejectReason({ status: v.decision === 'rejected' ? 'rejected' : 'approved', note: v.note }, ctx));
export type ReviewInput = z.output<typeof reviewSchema>;
