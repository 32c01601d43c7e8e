// API key scopes (docs/integrations.md): what a company integration may call with its key. The one
// place that says which existing route each scope opens; route() (lib/server/http.ts) refuses a key on
// every route not listed here, the access matrix tries each scope on every route, and the OpenAPI
// document names the scope of each route from this table. Routes are keyed 'METHOD dir' as under
// app/api ('GET attendance/history/[userId]'). Keys never open an admin mutation nor the key routes.

export const API_KEY_SCOPES = ['attendance:read', 'leave:read', 'recap:read', 'punches:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'attendance:read': 'Baca absensi',
  'leave:read': 'Baca cuti',
  'recap:read': 'Baca rekap bulanan',
  'punches:write': 'Kirim data mesin absensi',
};

export const SCOPE_ROUTES: Record<ApiKeyScope, readonly string[]> = {
  'attendance:read': [
    'GET attendance/all',
    'GET attendance/export',
    'GET attendance/history/[userId]',
    'GET attendance/history/[userId]/export',
    'GET attendance/days/[userId]',
    'GET attendance/summary/[userId]',
  ],
  'leave:read': ['GET leaves/all', 'GET leaves/calendar', 'GET leaves/user/[userId]', 'GET leaves/balance/[userId]', 'GET leave-types'],
  'recap:read': [
    'GET recap',
    'GET recap/export',
    'GET recap/[userId]',
    'GET recap/grid',
    'GET recap/payroll',
    'GET payroll-presets',
    'GET periods',
  ],
  'punches:write': ['POST attendance/import', 'GET terminals'],
};

/** Every key starts with this, so a leaked one is recognised by secret scanners and by people. */
export const API_KEY_PREFIX = 'absk_';
/** `absk_` and 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = /^absk_[A-Za-z0-9_-]{43}$/;

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** The scopes that open a route key ('GET recap'), none for a route no key may call. */
export function scopesFor(routeKey: string): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((s) => SCOPE_ROUTES[s].includes(routeKey));
}

/**
 * The route key of a request: its path under /api with each dynamic segment put back as `[name]`,
 * from the parameters Next matched. A static route has no parameters, so '/api/recap/export' never
 * reads as 'recap/[userId]'; null outside /api.
 */
export function routeKeyOf(method: string, pathname: string, params: Record<string, unknown>): string | null {
  if (!pathname.startsWith('/api/')) return null;
  const segments = pathname.slice('/api/'.length).split('/');
  const names = Object.keys(params);
  for (const scope of API_KEY_SCOPES)
    for (const key of SCOPE_ROUTES[scope]) {
      const [m, dir] = key.split(' ') as [string, string];
      if (m !== method.toUpperCase()) continue;
      const pattern = dir.split('/');
      const dynamic = pattern.filter((p) => p.startsWith('['));
      if (pattern.length !== segments.length || dynamic.length !== names.length) continue;
      if (pattern.every((p, i) => (p.startsWith('[') ? names.includes(p.slice(1, -1)) : p === segments[i]))) return key;
    }
  return null;
}
