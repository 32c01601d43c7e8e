// Cross-site request forgery: route() runs these before anything else on a write (POST, PUT, PATCH,
// DELETE). SameSite=Lax alone does not stop a page on another port of the same host (same site), nor a
// cross-site login that signs the victim into the attacker's account (docs/quality.md, security).
import { AppError } from '@/lib/server/errors';
import { getEnv } from '@/lib/env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isWrite = (method: string) => !SAFE_METHODS.has(method.toUpperCase());

export const CROSS_ORIGIN_MESSAGE =
  'Permintaan ditolak: permintaan ini tidak berasal dari halaman aplikasi ini. Muat ulang halaman lalu coba lagi.';
export const JSON_ONLY_MESSAGE = 'Data harus dikirim dalam format JSON (Content-Type: application/json).';

const crossOrigin = () => new AppError(403, 'CROSS_ORIGIN', CROSS_ORIGIN_MESSAGE);

/** host[:port] as an origin writes it: default ports dropped, lower case. */
function normalHost(host: string, scheme: string): string {
  const h = host.trim().toLowerCase();
  if (scheme === 'https' && h.endsWith(':443')) return h.slice(0, -4);
  if (scheme === 'http' && h.endsWith(':80')) return h.slice(0, -3);
  return h;
}

/** The origin is one of APP_ORIGINS, or (when `host` is given) the request's own host. */
function allowedOrigin(origin: string, host: string | null): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the opaque origin 'null' (sandboxed frames, data: URLs)
  }
  const scheme = url.protocol.replace(':', '');
  if (scheme !== 'http' && scheme !== 'https') return false;
  if (getEnv().APP_ORIGINS.includes(`${scheme}://${url.host}`)) return true;
  // The scheme is not compared: a TLS-terminating proxy forwards https requests as http.
  return !!host && normalHost(host, scheme) === url.host.toLowerCase();
}

/**
 * A write not authenticated by a Bearer token (so by the cookie, or a login/registration a browser may
 * be tricked into) must come from this app's own pages. The rule is the one of Go's
 * http.CrossOriginProtection: a browser's Sec-Fetch-Site must say same-origin (or none: typed by the
 * user); a browser too old to send it must send an Origin equal to this host (or one of APP_ORIGINS);
 * a request with neither header does not come from a browser page (every browser sends one of them on
 * a cross-origin POST), so there is nothing to forge and it passes (scripts, API clients). Bearer
 * clients are exempt: a page on another site cannot attach an Authorization header without a CORS
 * preflight, which this app never grants.
 */
export function assertSameOrigin(req: Request): void {
  if (!isWrite(req.method)) return;
  if (/^Bearer\s+\S/i.test(req.headers.get('authorization') ?? '')) return;
  const site = req.headers.get('sec-fetch-site');
  const origin = req.headers.get('origin');
  if (site === 'same-origin' || site === 'none') return;
  if (site === null && origin === null) return;
  // A browser that says same-site or cross-site is believed; only APP_ORIGINS may then pass.
  const host = site === null ? (req.headers.get('host') ?? new URL(req.url).host) : null;
  if (origin !== null && allowedOrigin(origin, host)) return;
  throw crossOrigin();
}

/**
 * A route that reads a JSON body takes only application/json: a form (urlencoded, multipart) or a
 * text/plain body, which a page on another site can send without a CORS preflight, is refused (415).
 * A write with no body and no Content-Type passes (its body is read as {}).
 */
export function assertJsonBody(req: Request): void {
  if (!isWrite(req.method)) return;
  const type = req.headers.get('content-type');
  if (type === null) {
    const length = req.headers.get('content-length');
    const hasBody = req.headers.has('transfer-encoding') || (length !== null && length.trim() !== '0');
    if (!hasBody) return;
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE);
  }
  const essence = type.split(';')[0]!.trim().toLowerCase();
  if (essence !== 'application/json') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE);
}
