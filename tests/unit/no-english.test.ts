// No English in the API's messages (issue 35): every message the server code throws or the zod schemas
// give (the `error` of the envelope a screen shows) is read from the source and scanned for the words of
// e2e/support/english.ts, the same list the rendered pages are scanned for (e2e/layout.spec.ts).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishIn } from '../../e2e/support/english';
import { INTERNAL_MESSAGE, UNAVAILABLE_MESSAGE, badRequest, forbidden, notFound, unauthenticated } from '@/lib/server/errors';

const ROOT = path.resolve(__dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : files(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

// A message handed to an error or a schema: the string literals with a space (a message, not a field's
// name) among the arguments of these calls, and zod's `{ error: '…' }` / `message: '…'`.
const CALLS =
  /\b(?:badRequest|unauthenticated|forbidden|notFound|conflict|unprocessable|tooMany|fail|AppError|refine|superRefine|min|max|regex|length|email|int|nonempty|positive|issue)\(([^()]*)\)/g;
const LITERAL = /(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;
const KEYED = /\b(?:error|message)\s*:\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;

function messagesOf(source: string): string[] {
  const out: string[] = [];
  for (const call of source.matchAll(CALLS)) for (const lit of call[1]!.matchAll(LITERAL)) out.push(lit[2]!);
  for (const m of source.matchAll(KEYED)) out.push(m[2]!);
  // Template parts (${…}) are data, not words.
  return out.map((m) => m.replace(/\$\{[^}]*\}/g, ' ')).filter((m) => / /.test(m) && /[A-Za-z]{3}/.test(m));
}

describe('no English in the messages', () => {
  it('the scan finds whole English words and raw metres, and leaves Indonesian and the allowed loan words alone', () => {
    expect(englishIn('Invalid token')).toEqual(['Invalid']);
    expect(englishIn('Not Checked In')).toEqual(['Checked', 'Not']);
    expect(englishIn('Jarak: 965249 meter')).toEqual(['965249 meter (not humanised)']);
    expect(englishIn('Email atau password salah')).toEqual([]);
    expect(englishIn('Berhasil Update · Edit Karyawan · Check-in · Radius 100 meter')).toEqual([]);
    // Inside another word it is not the English word ("Notifikasi", "Lateral").
    expect(englishIn('Notifikasi Lateral')).toEqual([]);
  });

  it('the generic messages of lib/server/errors.ts are Indonesian', () => {
    const texts = [
      INTERNAL_MESSAGE,
      UNAVAILABLE_MESSAGE,
      unauthenticated().message,
      forbidden().message,
      notFound().message,
      badRequest('x').message,
    ];
    expect(texts.flatMap(englishIn)).toEqual([]);
  });

  it('every message thrown by server code or given by a validation schema', () => {
    const dirs = ['features', 'lib', 'app/api'].map((d) => path.join(ROOT, d));
    const sources = dirs
      .flatMap(files)
      .filter((f) => /[/\\](server|validation|api)[/\\]|[/\\]lib[/\\]server[/\\]|lib[/\\]validation/.test(f));
    expect(sources.length).toBeGreaterThan(50);
    const found: string[] = [];
    let scanned = 0;
    for (const file of sources) {
      for (const message of messagesOf(readFileSync(file, 'utf8'))) {
        scanned++;
        const words = englishIn(message);
        if (words.length) found.push(`${path.relative(ROOT, file)}: "${message}" (${words.join(', ')})`);
      }
    }
    expect(scanned).toBeGreaterThan(300);
    expect(found).toEqual([]);
  });
});
