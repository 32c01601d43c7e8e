// Runs in the browser before the app's own modules. zod 4 probes `new Function` (for its JIT) when a
// schema is built; under the app's CSP (no 'unsafe-eval') the probe fails harmlessly, but the browser
// still reports a CSP violation for it. The browser runs zod jitless instead.
import { config } from 'zod';

config({ jitless: true });
