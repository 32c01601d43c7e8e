import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

const root = fileURLToPath(new URL('.', import.meta.url));
// `server-only` throws when imported outside Next's server bundles; tests run server modules directly,
// so they get its empty variant (docs/architecture.md, "Client and server code").
const alias = { '@': root, 'server-only': `${root}node_modules/server-only/empty.js` };

export default defineConfig({
  resolve: { alias },
  test: {
    // Every integration file has a database of its own (tests/global-setup.ts), so files run side by side,
    // one per core (`--maxWorkers` overrides it). Vitest's default keeps a core free: on two cores, one
    // file at a time.
    maxWorkers: availableParallelism(),
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts'],
          setupFiles: ['tests/setup-db.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
