// GET /api/openapi.json (docs/integrations.md): an OpenAPI 3.1 document of every /api route, built from
// the zod schemas the routes validate with (./operations.ts) by zod 4's own z.toJSONSchema, whose output
// is JSON Schema 2020-12, the dialect OpenAPI 3.1 uses. Inputs are described as a client sends them
// (`io: 'input'`); what JSON Schema cannot say (a transform, a custom check) is left open, never guessed.
// Responses have no schemas in the code, so they are described generically, with the one error envelope.
import { z, type ZodType } from 'zod';
import { scopesFor } from '@/features/integrations/lib/scopes';
import { OPERATIONS, type Operation } from '@/features/integrations/server/openapi/operations';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

function jsonSchema(schema: ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

/** 'attendance/history/[userId]' → '/api/attendance/history/{userId}' ('[...nextauth]' → '{nextauth}'). */
export const openApiPath = (dir: string) => `/api/${dir}`.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '{$1}');

function parameters(schema: ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const s = jsonSchema(schema);
  return Object.entries(s.properties ?? {}).map(([name, prop]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required ?? []).includes(name),
    schema: prop,
    ...(typeof prop.description === 'string' ? { description: prop.description } : {}),
  }));
}

function security(op: Operation) {
  if (op.credential === 'kiosk') return [{ kioskCredential: [] }];
  if (op.auth === 'public') return [];
  const signedIn = [{ bearerAuth: [] }, { sessionCookie: [] }];
  return op.auth === 'optional' ? [{}, ...signedIn] : signedIn;
}

const who = (op: Operation) =>
  op.credential === 'kiosk' ? 'kiosk' : op.auth === 'public' || op.auth === 'optional' || op.auth === 'user' ? op.auth : op.auth.join(', ');

function operation(key: string, op: Operation) {
  const [method, dir] = key.split(' ') as [string, string];
  const scopes = scopesFor(key);
  const errors = op.auth === 'public' && !op.credential ? ['400', '429'] : ['400', '401', '403', '429'];
  return {
    operationId: `${method.toLowerCase()}_${dir.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
    summary: op.summary,
    tags: [dir.split('/')[0]!],
    'x-callers': who(op),
    ...(scopes.length ? { 'x-api-key-scopes': scopes } : {}),
    security: scopes.length ? [...security(op), { apiKey: scopes }] : security(op),
    parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query')],
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } } } : {}),
    responses: {
      [method === 'POST' && dir === 'api-keys' ? '201' : '200']: {
        description: 'Berhasil (JSON; ekspor dengan format=csv|xlsx|pdf berupa berkas)',
        content: { 'application/json': { schema: {} } },
      },
      ...Object.fromEntries(errors.map((code) => [code, { $ref: '#/components/responses/Error' }])),
    },
  };
}

export type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, unknown>> } & Record<string, unknown>;

function build(): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, op] of Object.entries(OPERATIONS)) {
    const [method, dir] = key.split(' ') as [string, string];
    (paths[openApiPath(dir)] ??= {})[method.toLowerCase()] = operation(key, op);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Absensi API',
      version: '1.0.0',
      description:
        'Every /api route of Absensi, generated from the schemas the routes validate with. Integrations authenticate with an API key (`Authorization: Bearer absk_…`, docs/integrations.md); the routes a key may call carry `x-api-key-scopes`.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token of POST /api/auth/login.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'absensi.session-token', description: 'The browser session.' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An integration key `absk_…` created by an admin (Integrasi).' },
        kioskCredential: { type: 'http', scheme: 'bearer', description: 'A paired kiosk’s credential `kiosk.<id>.<secret>`.' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'code'],
          properties: {
            error: { type: 'string', description: 'Pesan dalam bahasa Indonesia' },
            code: { type: 'string', description: 'Kode mesin, mis. VALIDATION, UNAUTHENTICATED, API_KEY_SCOPE, RATE_LIMITED' },
            fields: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      },
      responses: {
        Error: { description: 'Ditolak', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    },
  };
}

let cached: OpenApiDocument | null = null;

/** Built once per process: the schemas do not change while it runs. */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= build());
}
