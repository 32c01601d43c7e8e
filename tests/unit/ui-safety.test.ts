// Static guards over the client code: every form is safe before hydration (method="post", submit
// disabled until React runs: hooks/useHydrated.ts) and no user text reaches an HTML sink (sweetalert2's
// `title`/`html` strings, innerHTML, dangerouslySetInnerHTML). The e2e tests no-js.spec.ts and
// user-text-dialogs.spec.ts prove the same in Chromium.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' || e.name === 'api' ? [] : sources(full);
    return /\.(tsx?|jsx?)$/.test(e.name) ? [full] : [];
  });
}
const files = ['app', 'components', 'features', 'hooks', 'lib'].flatMap((d) => sources(path.join(process.cwd(), d)));
const read = (f: string) => readFileSync(f, 'utf8');

describe('forms before hydration', () => {
  const withForms = files.filter((f) => /<form\b/.test(read(f)));
  it('finds the forms', () => expect(withForms.length).toBeGreaterThanOrEqual(10));
  for (const file of withForms) {
    it(path.relative(process.cwd(), file), () => {
      const text = read(file);
      for (const tag of text.match(/<form\b[^>]*>/gs) ?? []) expect(tag).toMatch(/method="post"/);
      expect(text).toContain('useHydrated()');
      for (const button of text.match(/<button[^>]*type="submit"[^>]*>/gs) ?? [])
        expect(button).toMatch(/disabled=\{[^}]*!hydrated[^}]*\}/);
    });
  }
});

/** The argument text of every Swal.fire( … ) call (balanced parentheses). */
function fireCalls(text: string): string[] {
  const out: string[] = [];
  for (let i = text.indexOf('Swal.fire('); i >= 0; i = text.indexOf('Swal.fire(', i + 1)) {
    let depth = 0;
    let j = i + 'Swal.fire'.length;
    for (; j < text.length; j++) {
      if (text[j] === '(') depth++;
      else if (text[j] === ')' && --depth === 0) break;
    }
    out.push(text.slice(i, j + 1));
  }
  return out;
}

describe('HTML sinks', () => {
  it('no dangerouslySetInnerHTML, innerHTML, outerHTML or insertAdjacentHTML in client code', () => {
    const offenders = files.filter((f) => /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML/.test(read(f)));
    expect(offenders.map((f) => path.relative(process.cwd(), f))).toEqual([]);
  });

  it('sweetalert2 gets text only: titleText, never title; html only as DOM nodes, never a string', () => {
    const calls = files.flatMap((f) => fireCalls(read(f)).map((c) => ({ f, c })));
    expect(calls.length).toBeGreaterThanOrEqual(5);
    for (const { f, c } of calls) {
      expect(c, f).not.toMatch(/\btitle:/);
      expect(c, f).not.toMatch(/\bhtml:\s*[`'"]/);
      expect(c, f).not.toMatch(/\b(footer|confirmButtonText|denyButtonText|cancelButtonText|inputLabel):\s*`[^`]*\$\{/);
    }
  });
});
