// Runs in the browser before the app's own modules. zod 4 probes `new Function` (for its JIT) when a
// schema is built; under the app's CSP (no 'unsafe-eval') the probe fails harmlessly, but the browser
// still reports a CSP violation for it. The browser runs zod jitless instead.
// zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there when it
// loads (zod/v4/core/core.js), so the setting is made without importing zod: importing it here put
// zod's core into every page's first-load JavaScript, evaluated before the page could hydrate.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
