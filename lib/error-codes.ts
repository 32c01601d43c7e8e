// The closed set of error codes in the API's error envelope `{ error, code, fields? }`, shared by the
// server (lib/server/errors.ts maps each code to its one HTTP status) and the browser (lib/api-client.ts,
// whose callers branch on `code`, never on the message text). A new refusal adds its code here and its
// status there; the type system then accepts it (docs/architecture.md, "Errors").
export const ERROR_CODES = [
  // Generic ones, one per status.
  'BAD_REQUEST',
  'VALIDATION',
  'BAD_JSON',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'CROSS_ORIGIN',
  'PASSWORD_CHANGE_REQUIRED',
  'ACCOUNT_PENDING',
  'NOT_FOUND',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'DUPLICATE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  // Accounts.
  'WRONG_PASSWORD',
  'SAME_PASSWORD',
  'EMAIL_TAKEN',
  'LAST_ADMIN',
  'SELF_DELETE',
  'SELF_DEMOTE',
  'SELF_RESET',
  'ALREADY_APPROVED',
  // Attendance and face.
  'INVALID_PHOTO',
  'PHOTO_DIMENSIONS',
  'PHOTO_TOO_LARGE',
  'ALREADY_CHECKED_IN',
  'ALREADY_CHECKED_OUT',
  'NOT_CHECKED_IN',
  'OUTSIDE_RADIUS',
  'OFFICE_NOT_SET',
  'NOT_FLAGGED',
  'ALREADY_REVIEWED',
  'FACE_NOT_ENROLLED',
  'FACE_NOTHING_TO_RESET',
  'FACE_ALREADY_ENROLLED',
  'FACE_MISMATCH',
  'FACE_DESCRIPTOR_MISSING',
  'FACE_ENROL_INCONSISTENT',
  'FACE_ENROL_MANY_FACES',
  'FACE_ENROL_NO_FACE',
  'FACE_ENROL_PHOTO_MISMATCH',
  // Calendar: offices, schedules, roster, holidays.
  'MAIN_OFFICE',
  'OFFICE_IN_USE',
  'DEFAULT_SCHEDULE',
  'SCHEDULE_IN_USE',
  'ROSTER_REST_DAY',
  'DUPLICATE_HOLIDAY',
  'YEAR_EXISTS',
  // Leave.
  'DUPLICATE_NAME',
  'LEAVE_TYPE_EXISTS',
  'LEAVE_OVERLAP',
  'LEAVE_NOTICE',
  'LEAVE_NO_WORKING_DAY',
  'LEAVE_ATTACHMENT_REQUIRED',
  'LEAVE_ATTACHMENT_TYPE',
  'LEAVE_BALANCE',
  'LEAVE_QUOTA',
  'LEAVE_ALREADY_PROCESSED',
  'LEAVE_AWAITING_SUPERVISOR',
  'LEAVE_NOT_CANCELLABLE',
  'TOO_MANY_PENDING_LEAVES',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Failures the browser makes itself, with no response: status 0 in ApiError. */
export type ClientErrorCode = 'TIMEOUT' | 'NETWORK';

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
