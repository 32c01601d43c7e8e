// The client/server boundary, shared by eslint.config.mjs and its test (tests/unit/lint-boundary.test.ts).
// Server modules (the engine in lib/server/** and each feature's features/<feature>/server/**) hold the
// database, the session secret and the services; a browser bundle that imports one either breaks the
// build or, worse, ships server code. Response types that both sides need live in
// features/<feature>/types/ (docs/architecture.md).

/** Files that are client code by their place (besides any file that starts with 'use client'). */
export const CLIENT_FILES = [
  'components/**/*.{ts,tsx}',
  'features/*/components/**/*.{ts,tsx}',
  'hooks/**/*.{ts,tsx}',
  'lib/api-client.ts',
  'lib/validation/**/*.ts',
  'features/*/validation/**/*.ts',
  'lib/ui/**/*.{ts,tsx}',
  'features/*/types/**/*.ts',
  'features/*/lib/**/*.{ts,mts,mjs}',
];

const MESSAGE =
  'Kode klien tidak boleh mengimpor lib/server atau features/*/server: ambil tipe respons dari features/<fitur>/types/ (docs/architecture.md).';

/**
 * `@/lib/server/...`, `@/features/<feature>/server/...`, or a relative path into either
 * (`./server/db`, `../../lib/server/db`, `../../leave/server/leave`, `../../../features/leave/server/leave`).
 */
export const SERVER_IMPORT_REGEX = '^(@/lib/server|@/features/[\\w-]+/server|(\\.\\.?/)+(lib/|features/[\\w-]+/|[\\w-]+/)?server)(/|$)';

export const SERVER_IMPORT_PATTERNS = [{ regex: SERVER_IMPORT_REGEX, message: MESSAGE }];

const serverImport = new RegExp(SERVER_IMPORT_REGEX);

function isClientModule(program) {
  for (const stmt of program.body) {
    if (stmt.type !== 'ExpressionStatement' || typeof stmt.directive !== 'string') break;
    if (stmt.directive === 'use client') return true;
  }
  return false;
}

const noServerImportInClient = {
  meta: {
    type: 'problem',
    docs: { description: "Forbids a 'use client' module from importing lib/server or features/*/server." },
    schema: [],
    messages: { serverImport: MESSAGE },
  },
  create(context) {
    let client = false;
    const check = (source) => {
      if (client && source && typeof source.value === 'string' && serverImport.test(source.value)) {
        context.report({ node: source, messageId: 'serverImport' });
      }
    };
    return {
      Program(node) {
        client = isClientModule(node);
      },
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const boundaryPlugin = { rules: { 'no-server-import-in-client': noServerImportInClient } };
