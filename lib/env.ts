// The only reader of process.env. Parsed lazily so `next build` never needs runtime secrets.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const databaseUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\//.test(v) || /^pglite:/.test(v), {
    message: 'DATABASE_URL must be postgresql://… or pglite:<dir|memory>',
  });

const fitsBcrypt = (v: string) => Buffer.byteLength(v, 'utf8') <= 72;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), databaseUrl.optional()),
  AUTH_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'AUTH_SECRET needs at least 32 characters').optional()),
  /** Long and random (`openssl rand -hex 32`): guessing it makes an administrator. */
  ADMIN_REGISTRATION_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .min(32, 'ADMIN_REGISTRATION_TOKEN needs at least 32 characters (e.g. openssl rand -hex 32)')
      .refine((v) => new Set(v).size >= 10, 'ADMIN_REGISTRATION_TOKEN must be random (e.g. openssl rand -hex 32)')
      .optional(),
  ),
  DEFAULT_EMPLOYEE_PASSWORD: z
    .string()
    .min(6)
    .refine(fitsBcrypt, 'DEFAULT_EMPLOYEE_PASSWORD: at most 72 bytes (bcrypt ignores the rest)')
    .default('karyawan123'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  SEED_PASSWORD: z.string().min(6).refine(fitsBcrypt, 'SEED_PASSWORD: at most 72 bytes (bcrypt ignores the rest)').default('Absensi123'),
  NEXT_PUBLIC_MAP_TILE_URL: z.string().url().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Connections of the app's PostgreSQL pool (per server process). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * 'off' sends the hot paths' statements unnamed (parsed on every run) instead of prepared once per
   * connection: for PgBouncer in transaction mode before 1.21 (see docs/deploy.md).
   */
  DATABASE_NAMED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  FACE_WORKER: z.enum(['on', 'off']).default('on'),
  /** Run the daily close (docs/daily-close.md) in the app process; any number of instances may. */
  DAILY_CLOSE_WORKER: z.enum(['on', 'off']).default('on'),
  /** Run the job queue's worker (docs/jobs.md) in the app process; any number of instances may. */
  JOB_WORKER: z.enum(['on', 'off']).default('on'),
  /** Seconds between two looks of the job worker for due jobs. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.2).max(300).default(5),
  /** Face engine threads per process, and re-check jobs a worker runs at once; unset = one per core, at most 4. */
  FACE_ENGINE_THREADS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(16).optional()),
  /** Proxies in front of the app that append to X-Forwarded-For (0: the socket address is the client). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** A request body not complete within this many seconds is refused (408). */
  REQUEST_BODY_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  /** '1' exposes /api/bench/* (benchmark baselines); anything else answers 404. */
  ENABLE_BENCH_ROUTES: z.enum(['0', '1']).default('0'),
  /**
   * Origins (scheme://host[:port], comma-separated) besides the request's own Host that may send
   * cookie-authenticated writes: set it when a proxy rewrites Host. Empty: the Host header only.
   */
  APP_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, '').toLowerCase())
        .filter(Boolean),
    ),
  /** Self-registrations allowed from one client address per hour (admins adding users are not counted). */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  // Notifications (docs/notifications.md). A channel whose settings are empty is hidden, never failing.
  /** smtp://user:pass@host:587 or smtps://…:465; empty: no e-mail. */
  SMTP_URL: z.string().trim().default(''),
  MAIL_FROM: z.string().trim().default('Absensi <no-reply@localhost>'),
  /** The app's public address (https://absensi.example.co.id): the links in e-mail, WhatsApp and push. */
  APP_BASE_URL: z
    .string()
    .trim()
    .default('')
    .transform((v) => v.replace(/\/+$/, '')),
  /** The WhatsApp gateway's send URL (Fonnte, Wablas …); empty: no WhatsApp. */
  WHATSAPP_GATEWAY_URL: z.string().trim().default(''),
  WHATSAPP_GATEWAY_TOKEN: z.string().trim().default(''),
  /** The header that carries the token (Fonnte and Wablas: Authorization). */
  WHATSAPP_GATEWAY_AUTH_HEADER: z.string().trim().default('Authorization'),
  /** The POST body with {phone} (62…) and {message}: JSON when it starts with '{', else a form body. */
  WHATSAPP_GATEWAY_TEMPLATE: z.string().trim().default('{"target":"{phone}","message":"{message}"}'),
  /** Web push's contact (mailto: or https:); the VAPID keys themselves are made on first start and kept in the database. */
  VAPID_SUBJECT: z.string().trim().default('mailto:admin@localhost'),
});

export type Env = z.infer<typeof schema> & {
  AUTH_SECRET: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
};

// Runtime data (the embedded database, a generated secret), never part of the build: the comment keeps
// Turbopack from tracing the folder, which it would otherwise walk while \`next build\` runs. It did so once
// while the e2e server made its second database there, and the build failed on a file that had just been
// renamed ("PG_VERSION could not be resolved"; docs/quality.md, the test suite on a busy machine).
const DATA_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), '.data');
let cached: Env | undefined;

function embeddedSecret(): string {
  const file = path.join(DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function resolveDatabase(url: string | undefined): Env['database'] {
  if (!url) return { kind: 'pglite', dataDir: path.join(DATA_DIR, 'pglite') };
  if (url.startsWith('pglite:')) {
    const target = url.slice('pglite:'.length);
    return { kind: 'pglite', dataDir: target === 'memory' ? null : path.resolve(target) };
  }
  return { kind: 'postgres', url };
}

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const database = resolveDatabase(e.DATABASE_URL);
  let secret = e.AUTH_SECRET;
  if (!secret) {
    // Production needs a real secret; the embedded demo database may keep a generated one in .data/.
    if (e.NODE_ENV === 'production' && database.kind === 'postgres') {
      throw new Error('AUTH_SECRET is required in production (at least 32 characters).');
    }
    secret = embeddedSecret();
  }
  cached = { ...e, AUTH_SECRET: secret, database };
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}
