// GET /api/openapi.json (docs/integrations.md): one document, built from the schemas the routes validate
// with, so it cannot drift. Every route file on disk (found from the file system, tests/api-routes.ts)
// must be in it with each method it exports; every operation must have its route; and each route's
// declared caller and zod schemas (route()'s `spec`) must be the very objects the document is built from.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '../helpers';
import { loadHandlers, type RouteHandler } from '../api-routes';
import { OPERATIONS } from '@/features/integrations/server/openapi/operations';
import { openApiDocument, openApiPath } from '@/features/integrations/server/openapi/document';
import { createApiKeySchema } from '@/features/integrations/validation/api-keys';
import { API_KEY_SCOPES, SCOPE_ROUTES } from '@/features/integrations/lib/scopes';
import type { RouteSpec } from '@/lib/server/http';

let handlers: Map<string, RouteHandler>;
beforeAll(async () => {
  handlers = await loadHandlers(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
}, 120_000);

type Op = { parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[]; requestBody?: any };
const opOf = (key: string): Op | undefined => {
  const [method, dir] = key.split(' ') as [string, string];
  return openApiDocument().paths[openApiPath(dir)]?.[method.toLowerCase()] as Op | undefined;
};

describe('OpenAPI document', () => {
  it('has every route and method on disk, and no operation without its route', () => {
    const onDisk = [...handlers.keys()].sort();
    expect(onDisk.length).toBeGreaterThan(150);
    expect(
      onDisk.filter((k) => !opOf(k)),
      'routes missing from /api/openapi.json: add them to features/integrations/server/openapi/operations.ts',
    ).toEqual([]);
    expect(Object.keys(OPERATIONS).filter((k) => !handlers.has(k))).toEqual([]);
    const documented = Object.entries(openApiDocument().paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.length).toBe(onDisk.length);
  });

  it('each route declares the caller and the very schemas the document is built from', () => {
    const drift: string[] = [];
    for (const [key, handler] of handlers) {
      const spec = (handler as RouteHandler & { spec?: RouteSpec }).spec;
      const op = OPERATIONS[key]!;
      if (!spec) {
        // Not a route() handler (the benchmark echo): nothing to compare but that it declares nothing.
        if (op.body || op.query || op.params) drift.push(`${key}: schemas listed for a handler without route()`);
        continue;
      }
      if (JSON.stringify(spec.auth) !== JSON.stringify(op.auth)) drift.push(`${key}: auth ${JSON.stringify(spec.auth)}`);
      for (const part of ['params', 'query'] as const) if (spec[part] !== op[part]) drift.push(`${key}: ${part}`);
      // A kiosk route reads its body after the kiosk's credential, so route() declares none.
      if (spec.body !== op.body && !(op.credential === 'kiosk' && !spec.body)) drift.push(`${key}: body`);
    }
    expect(drift).toEqual([]);
  });

  it('request bodies, path and query parameters come from the zod schemas', () => {
    // POST /api/api-keys, worked out from createApiKeySchema by hand.
    const create = opOf('POST api-keys')!;
    expect(create.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['name', 'scopes'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 80 },
        scopes: { type: 'array', minItems: 1, maxItems: 4, items: { type: 'string', enum: [...API_KEY_SCOPES] } },
      },
    });
    const { $schema: _d, ...expected } = z.toJSONSchema(createApiKeySchema, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    expect(create.requestBody.content['application/json'].schema).toEqual(expected);
    // Every {param} of a path is a required path parameter, and nothing else is.
    for (const key of handlers.keys()) {
      const dir = key.split(' ')[1]!;
      const names = [...openApiPath(dir).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const inPath = opOf(key)!
        .parameters.filter((p) => p.in === 'path')
        .map((p) => p.name);
      expect([key, inPath.sort()]).toEqual([key, [...names].sort()]);
    }
    // A query: the recap's month is required and shaped YYYY-MM.
    const month = opOf('GET recap')!.parameters.find((p) => p.name === 'month')!;
    expect(month).toMatchObject({ in: 'query', required: true, schema: { type: 'string' } });
  });

  it('names the scope of each route an API key may call', () => {
    for (const scope of API_KEY_SCOPES)
      for (const key of SCOPE_ROUTES[scope]) {
        expect(handlers.has(key), key).toBe(true);
        expect((opOf(key) as unknown as Record<string, unknown>)['x-api-key-scopes'], key).toContain(scope);
      }
    expect((opOf('GET users') as unknown as Record<string, unknown>)['x-api-key-scopes']).toBeUndefined();
  });

  it('GET /api/openapi.json answers anyone with the OpenAPI 3.1 document', async () => {
    const res = await call(handlers.get('GET openapi.json')!, { path: '/api/openapi.json' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });
});
