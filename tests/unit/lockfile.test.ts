// `npm ci` installs exactly the committed lockfile and refuses one that does not describe the whole
// tree. Two ways it broke before: optional platform binaries of other systems (macOS, Windows…)
// missing from the lockfile, and a dependency asked for by dist-tag ("latest"), which stops matching
// the locked version as soon as the registry moves the tag. Both are checked here without a network.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Entry = {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  link?: boolean;
};
const root = process.cwd();
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, Entry>;
};
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, unknown>>;

/** Where Node (and npm) finds `dep` for the package at `at`: its own node_modules, then each parent's. */
function resolve(at: string, dep: string): string | undefined {
  let dir = at;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[key]) return key;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
}

/** Overrides name a package (optionally under a parent) and pin it: such a spec no longer reaches npm. */
function overridden(parent: string, dep: string): boolean {
  const overrides = (pkg.overrides ?? {}) as Record<string, unknown>;
  if (typeof overrides[dep] === 'string') return true;
  const name = parent.slice(parent.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const scoped = overrides[name];
  return typeof scoped === 'object' && scoped !== null && typeof (scoped as Record<string, unknown>)[dep] === 'string';
}

describe('package-lock.json satisfies npm ci', () => {
  it('is a version 3 lockfile whose root matches package.json', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(lock.packages['']!.dependencies).toEqual(pkg.dependencies);
    expect(lock.packages['']!.devDependencies).toEqual(pkg.devDependencies);
  });

  it('every dependency, optional ones of every platform included, has a locked entry', () => {
    const missing: string[] = [];
    for (const [at, entry] of Object.entries(lock.packages)) {
      if (entry.link) continue;
      const deps = { ...entry.dependencies, ...entry.optionalDependencies, ...(at === '' ? entry.devDependencies : {}) };
      for (const dep of Object.keys(deps)) if (!resolve(at, dep)) missing.push(`${at || '(root)'} → ${dep}`);
    }
    expect(missing).toEqual([]);
  });

  it('no dependency is asked for by a dist-tag unless an override pins it', () => {
    const tagged: string[] = [];
    for (const [at, entry] of Object.entries(lock.packages)) {
      for (const [dep, spec] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
        if (/^[a-z][a-z0-9-]*$/i.test(spec) && !overridden(at, dep)) tagged.push(`${at} → ${dep}@${spec}`);
      }
    }
    expect(tagged).toEqual([]);
  });
});
