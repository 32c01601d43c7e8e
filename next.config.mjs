import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(self), geolocation=(self), microphone=()' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Lets parallel builds (e.g. several e2e runs) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  turbopack: { root },
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
  ],
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
