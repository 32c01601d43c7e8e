// Which route a request is, for an API key's scopes (features/integrations/lib/scopes.ts): the path under
// /api with each dynamic segment named by the parameters Next matched. A static route has none, so a path
// that looks like a dynamic one ('/api/recap/export' beside 'recap/[userId]') is never taken for it.
import { describe, expect, it } from 'vitest';
import { routeKeyOf, scopesFor, SCOPE_ROUTES, API_KEY_PATTERN } from '@/features/integrations/lib/scopes';

const ID = '8c6f0d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';

describe('API key scopes', () => {
  it('finds the scoped route of a request from its path and parameters', () => {
    expect(routeKeyOf('GET', '/api/recap', {})).toBe('GET recap');
    expect(routeKeyOf('get', `/api/recap/${ID}`, { userId: ID })).toBe('GET recap/[userId]');
    expect(routeKeyOf('GET', '/api/recap/export', {})).toBe('GET recap/export');
    expect(routeKeyOf('GET', `/api/attendance/history/${ID}/export`, { userId: ID })).toBe('GET attendance/history/[userId]/export');
  });

  it('a path shaped like a scoped dynamic route, served by another route, is no scoped route', () => {
    // /api/recap/other would be recap/[userId] only if Next matched it there (then userId is a parameter).
    expect(routeKeyOf('GET', '/api/recap/other', {})).toBeNull();
    expect(routeKeyOf('GET', `/api/leaves/balance/${ID}/adjust`, { userId: ID })).toBeNull();
    expect(routeKeyOf('POST', '/api/recap', {})).toBeNull();
    expect(routeKeyOf('DELETE', `/api/api-keys/${ID}`, { id: ID })).toBeNull();
    expect(routeKeyOf('GET', '/iclock/cdata', {})).toBeNull();
  });

  it('no scope opens a mutation but the terminal upload, nor the key routes', () => {
    const all = Object.values(SCOPE_ROUTES).flat();
    expect(all.filter((k) => !k.startsWith('GET '))).toEqual(['POST attendance/import']);
    expect(all.filter((k) => k.includes('api-keys'))).toEqual([]);
    expect(scopesFor('POST attendance/import')).toEqual(['punches:write']);
    expect(scopesFor('GET users')).toEqual([]);
  });

  it('the key format: absk_ and 43 base64url characters', () => {
    expect(API_KEY_PATTERN.test(`absk_${'A'.repeat(43)}`)).toBe(true);
    expect(API_KEY_PATTERN.test(`absk_${'A'.repeat(42)}`)).toBe(false);
    expect(API_KEY_PATTERN.test(`absk_${'A'.repeat(42)}=`)).toBe(false);
  });
});
