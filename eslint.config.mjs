// ESLint (flat config). Moderate on purpose: errors are real problems (hooks misuse, unused code,
// client code reaching server modules); style is Prettier's job (`npm run format`). docs/architecture.md
// explains the layers the boundary rule protects.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import nextPlugin from '@next/eslint-plugin-next';
import globals from 'globals';
import { boundaryPlugin, SERVER_IMPORT_PATTERNS, CLIENT_FILES } from './eslint.boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.next-*/**',
      '.data/**',
      'lib/generated/**',
      'public/**',
      'test-results/**',
      'playwright-report/**',
      'blob-report/**',
      'bench/.results/**',
      'next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `any` and non-null assertions are reviewed case by case, not banned.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.tsx', 'components/**/*.ts', 'features/*/components/**/*.ts', 'hooks/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'features/*/components/**/*.{ts,tsx}'],
    plugins: { '@next/next': nextPlugin },
    rules: { ...nextPlugin.configs.recommended.rules, ...nextPlugin.configs['core-web-vitals'].rules },
  },
  // The client/server boundary: code that runs in the browser never imports lib/server (secrets,
  // Prisma, the session). Files known to be client code by their place:
  {
    files: CLIENT_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_IMPORT_PATTERNS }] },
  },
  // ... and any other file that declares itself client code with 'use client'.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { absensi: boundaryPlugin },
    rules: { 'absensi/no-server-import-in-client': 'error' },
  },
);
