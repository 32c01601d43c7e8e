// zod 4 probes `new Function` once to decide on its JIT. Under the app's CSP (no 'unsafe-eval') the
// probe fails harmlessly but the browser reports a CSP violation for it, so the browser runs zod jitless.
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });
