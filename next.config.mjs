import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(self), geolocation=(self), microphone=(), payment=(), usb=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  // Ignored by browsers over plain HTTP; binding once the app is served over HTTPS.
  ...(process.env.NODE_ENV === 'production' ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }] : []),
];
// Pages get a per-request nonce policy from proxy.ts; API answers are data and may load nothing, and run
// sandboxed: a stored file that is also an HTML page (a polyglot) never runs as one (docs/quality.md,
// "Stored files"). This header replaces a route's own Content-Security-Policy in production, so the
// sandbox of privateFile (lib/server/attachment.ts) is repeated here. Downloads and PDFs still open.
const apiCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Lets parallel builds (e.g. several e2e runs) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  turbopack: { root },
  // The e2e server's build (scripts/e2e-server.mjs) skips the type check: `npm test` has run `tsc` over
  // the whole tree just before, and on two cores the build's own pass costs about a minute more.
  // Every other build checks the types.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pglite-prisma-adapter',
    '@prisma/schema-engine-wasm',
    '@vladmandic/face-api',
    '@tensorflow/tfjs',
    '@tensorflow/tfjs-backend-wasm',
    'jpeg-js',
    'pg',
    'bcryptjs',
    'jsonwebtoken',
    'exceljs',
    'pdfmake',
  ],
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: apiCsp }] },
      {
        source: '/sw.js',
        headers: [
          { key: 'Cache-Control', value: 'no-cache' },
          { key: 'Service-Worker-Allowed', value: '/' },
        ],
      },
      // Face engine files are named after their content (scripts/build-face-models.mjs): a URL never changes meaning.
      { source: '/models/:file*', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    ];
  },
};

export default nextConfig;
