// One error type for the whole server, and the mapping of everything else onto it.
import { ZodError } from 'zod';

import { ERROR_CODES, type ErrorCode } from '@/lib/error-codes';

export { ERROR_CODES, type ErrorCode };

/** Each code's one HTTP status. The helpers below and AppError accept only a code of their status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  BAD_JSON: 400,
  WRONG_PASSWORD: 400,
  SAME_PASSWORD: 400,
  INVALID_PHOTO: 400,
  PHOTO_DIMENSIONS: 400,
  ROSTER_REST_DAY: 400,
  ROSTER_SWAP_ALREADY_PROCESSED: 409,
  LEAVE_NOTICE: 400,
  LEAVE_NO_WORKING_DAY: 400,
  LEAVE_ATTACHMENT_REQUIRED: 400,
  LEAVE_ATTACHMENT_TYPE: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  ACCOUNT_PENDING: 403,
  API_KEY_SCOPE: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  DUPLICATE: 409,
  EMAIL_TAKEN: 409,
  LAST_ADMIN: 409,
  SELF_DELETE: 409,
  SELF_DEMOTE: 409,
  SELF_RESET: 409,
  ALREADY_APPROVED: 409,
  ALREADY_CHECKED_IN: 409,
  ALREADY_CHECKED_OUT: 409,
  NOT_CHECKED_IN: 409,
  BREAK_NOT_REQUIRED: 422,
  BREAK_ALREADY_STARTED: 409,
  BREAK_NOT_STARTED: 409,
  BREAK_DONE: 409,
  BREAK_CHANGED: 409,
  NOT_FLAGGED: 409,
  ALREADY_REVIEWED: 409,
  FACE_ALREADY_ENROLLED: 409,
  FACE_NOTHING_TO_RESET: 409,
  MAIN_OFFICE: 409,
  OFFICE_IN_USE: 409,
  DEFAULT_SCHEDULE: 409,
  SCHEDULE_IN_USE: 409,
  DUPLICATE_HOLIDAY: 409,
  YEAR_EXISTS: 409,
  DUPLICATE_NAME: 409,
  LEAVE_TYPE_EXISTS: 409,
  LEAVE_OVERLAP: 409,
  LEAVE_ALREADY_PROCESSED: 409,
  LEAVE_AWAITING_SUPERVISOR: 409,
  LEAVE_NOT_CANCELLABLE: 409,
  TOO_MANY_PENDING_LEAVES: 409,
  PAYLOAD_TOO_LARGE: 413,
  PHOTO_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  OUTSIDE_RADIUS: 422,
  OFFICE_NOT_SET: 422,
  FACE_NOT_ENROLLED: 422,
  FACE_MISMATCH: 422,
  FACE_DESCRIPTOR_MISSING: 422,
  FACE_ENROL_INCONSISTENT: 422,
  FACE_ENROL_MANY_FACES: 422,
  FACE_ENROL_NO_FACE: 422,
  FACE_ENROL_PHOTO_MISMATCH: 422,
  LEAVE_BALANCE: 422,
  LEAVE_QUOTA: 422,
  CORRECTION_ALREADY_PROCESSED: 409,
  CORRECTION_FUTURE: 422,
  CORRECTION_PENDING: 409,
  CORRECTION_TOO_OLD: 422,
  DAY_NOT_STARTED: 422,
  OVERTIME_ALREADY_PROCESSED: 409,
  OVERTIME_AWAITING_CONSENT: 409,
  OVERTIME_AWAITING_SUPERVISOR: 409,
  OVERTIME_BEFORE_SHIFT_END: 422,
  OVERTIME_DAILY_CAP: 422,
  OVERTIME_NOT_CONVERTIBLE: 422,
  OVERTIME_NOT_ASSIGNMENT: 409,
  OVERTIME_NOT_EMPLOYED: 422,
  OVERTIME_OVERLAP: 409,
  OVERTIME_REST_DAY_MAX: 422,
  OVERTIME_TOO_FAR: 422,
  OVERTIME_TOO_OLD: 422,
  OVERTIME_WEEKLY_CAP: 422,
  ACCOUNT_DEACTIVATED: 403,
  NOT_DEACTIVATED: 409,
  CORRECTION_NOT_EMPLOYEE: 422,
  PERIOD_CLOSED: 409,
  PERIOD_NOT_ENDED: 422,
  PERIOD_BLOCKED: 409,
  PERIOD_OPEN: 409,
  EXPORT_TOO_LARGE: 422,
  CHALLENGE_REQUIRED: 422,
  CHALLENGE_INVALID: 422,
  CHALLENGE_EXPIRED: 422,
  CHALLENGE_USED: 409,
  DEVICE_KEY_INVALID: 422,
  DEVICE_OTHER_ACCOUNT: 409,
  DEVICE_LIMIT: 409,
  LOCATION_INACCURATE: 422,
  LIVENESS_FAILED: 422,
  PAIRING_INVALID: 422,
  FACE_UNKNOWN: 422,
  FACE_AMBIGUOUS: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>;

export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];
/** The codes whose status is S: `CodeFor<409>` is every conflict code. */
export type CodeFor<S extends number> = { [K in ErrorCode]: (typeof ERROR_STATUS)[K] extends S ? K : never }[ErrorCode];

/** [status, code, message, fields?] where the status is the code's own (a mismatch does not compile). */
type AppErrorArgs = {
  [K in ErrorCode]: [status: (typeof ERROR_STATUS)[K], code: K, message: string, fields?: Record<string, string>];
}[ErrorCode];

export class AppError extends Error {
  public readonly status: ErrorStatus;
  public readonly code: ErrorCode;
  public readonly fields?: Record<string, string>;
  constructor(...[status, code, message, fields]: AppErrorArgs) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const badRequest = (message: string, code: CodeFor<400> = 'BAD_REQUEST', fields?: Record<string, string>) =>
  new AppError(...([400, code, message, fields] as AppErrorArgs));
export const unauthenticated = (message = 'Sesi Anda telah berakhir. Silakan login kembali.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'Anda tidak memiliki akses untuk tindakan ini.') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Data tidak ditemukan') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code: CodeFor<409> = 'CONFLICT') => new AppError(...([409, code, message] as AppErrorArgs));
export const unprocessable = (message: string, code: CodeFor<422> = 'UNPROCESSABLE') =>
  new AppError(...([422, code, message] as AppErrorArgs));

export const INTERNAL_MESSAGE = 'Terjadi kesalahan server. Silakan coba lagi.';
export const UNAVAILABLE_MESSAGE = 'Layanan sedang tidak tersedia. Silakan coba lagi sebentar lagi.';

function zodToAppError(err: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return new AppError(400, 'VALIDATION', err.issues[0]?.message ?? 'Data tidak valid', fields);
}

const CONNECTION_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024', 'ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', 'ETIMEDOUT']);

function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown; message?: string; name?: string };
  if (e?.code && CONNECTION_CODES.has(e.code)) return true;
  if (
    typeof e?.message === 'string' &&
    /ECONNREFUSED|Connection terminated|Query read timeout|connection closed|terminating connection|Can't reach database|Timed out fetching a new connection|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i.test(
      e.message,
    )
  )
    return true;
  return e?.cause ? isConnectionError(e.cause) : false;
}

/** Whether the database refused a text holding a NUL character (its message, wherever Prisma wrapped it). */
function hasNulRefusal(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as Record<string, unknown>;
  for (const m of [e.originalMessage, e.message])
    if (
      typeof m === 'string' &&
      /invalid byte sequence for encoding "UTF8": 0x00|unsupported Unicode escape sequence|\\u0000 cannot be converted/.test(m)
    )
      return true;
  for (const key of ['cause', 'meta', 'driverAdapterError']) if (hasNulRefusal(e[key], depth + 1)) return true;
  return false;
}

/** The message of the database's refusal of a write into a closed month or one being closed (SQLSTATE AB409, docs/periods.md), else null. */
export function closedPeriodMessage(err: unknown, depth = 0): string | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  const e = err as Record<string, unknown>;
  for (const m of [e.originalMessage, e.message]) {
    const hit =
      typeof m === 'string'
        ? /Periode [A-Za-z]+ \d{4} sudah ditutup\.|(?:Periode [A-Za-z]+ \d{4}|Sebuah periode) sedang ditutup\. Coba lagi sebentar lagi\./.exec(
            m,
          )
        : null;
    if (hit) return hit[0];
  }
  // Prisma wraps the database's error: meta.driverAdapterError.cause (adapters) or cause (raw queries).
  for (const key of ['cause', 'meta', 'driverAdapterError']) {
    const found = closedPeriodMessage(e[key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Maps any thrown value to an AppError; unknown errors become a generic 500 (details are logged). */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return zodToAppError(err);
  const e = err as { code?: string; name?: string };
  if (e?.code === 'P2002') return conflict('Data sudah ada', 'DUPLICATE');
  if (e?.code === 'P2025') return notFound();
  const closed = closedPeriodMessage(err);
  if (closed) return conflict(closed, 'PERIOD_CLOSED');
  // A NUL character in a text: PostgreSQL stores none (SQLSTATE 22021 / 22P05), so the statement failed and nothing was written.
  if (hasNulRefusal(err)) return badRequest('Teks tidak boleh berisi karakter NUL', 'VALIDATION');
  if (isConnectionError(err)) return new AppError(503, 'UNAVAILABLE', UNAVAILABLE_MESSAGE);
  return new AppError(500, 'INTERNAL', INTERNAL_MESSAGE);
}

export function errorBody(err: AppError) {
  return { error: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) };
}
