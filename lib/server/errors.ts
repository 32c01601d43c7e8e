// One error type for the whole server, and the mapping of everything else onto it.
import { ZodError } from 'zod';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNPROCESSABLE'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'INTERNAL'
  | (string & {});

export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', fields?: Record<string, string>) =>
  new AppError(400, code, message, fields);
export const unauthenticated = (message = 'Sesi Anda telah berakhir. Silakan login kembali.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'Anda tidak memiliki akses untuk tindakan ini.') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Data tidak ditemukan') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const unprocessable = (message: string, code: ErrorCode = 'UNPROCESSABLE') => new AppError(422, code, message);

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
  if (typeof e?.message === 'string' && /ECONNREFUSED|Connection terminated|Query read timeout|connection closed|terminating connection|Can't reach database|Timed out fetching a new connection|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i.test(e.message)) return true;
  return e?.cause ? isConnectionError(e.cause) : false;
}

/** The message of the database's refusal of a write into a closed month (SQLSTATE AB409, docs/periods.md), else null. */
export function closedPeriodMessage(err: unknown, depth = 0): string | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  const e = err as Record<string, unknown>;
  for (const m of [e.originalMessage, e.message]) {
    const hit = typeof m === 'string' ? /Periode [A-Za-z]+ \d{4} sudah ditutup\./.exec(m) : null;
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
  if (isConnectionError(err)) return new AppError(503, 'UNAVAILABLE', UNAVAILABLE_MESSAGE);
  return new AppError(500, 'INTERNAL', INTERNAL_MESSAGE);
}

export function errorBody(err: AppError) {
  return { error: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) };
}
