// The Content-Security-Policy of HTML pages, built per request by proxy.ts with a fresh nonce:
// Next.js reads the nonce from the request's CSP header and puts it on its own scripts, and
// 'strict-dynamic' lets those scripts load the app's chunks. No 'unsafe-eval' outside development.
// API answers get a fixed deny-all policy from next.config.mjs.

/** The origin the map tiles come from, as a CSP source ({s} subdomains become a wildcard). */
export function tileSource(template: string): string | null {
  try {
    const url = new URL(template.replace(/\{s\}/g, 'tile-subdomain'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return `${url.protocol}//${url.host.replace('tile-subdomain', '*')}`;
  } catch {
    return null;
  }
}

export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64');
}

export function pageCsp(opts: { nonce: string; tileUrl: string; dev: boolean }): string {
  const tiles = tileSource(opts.tileUrl);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' only allows compiling WebAssembly (TensorFlow.js' wasm backend), not JS eval.
    'script-src': ["'self'", `'nonce-${opts.nonce}'`, "'strict-dynamic'", "'wasm-unsafe-eval'", ...(opts.dev ? ["'unsafe-eval'"] : [])],
    // sweetalert2 and Leaflet inject styles at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:', 'mediastream:'],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
