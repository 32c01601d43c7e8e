// One-off, kept for the record: the script that produced the move to one folder per feature
// (docs/architecture.md, "Where things live"). It moves files with `git mv` (so history follows them)
// and rewrites every path that named a moved file: import specifiers (`@/…` and relative ones, resolved
// from the importing file's old place), and the paths that comments and docs mention. It edits nothing
// else. Run once on the tree before the move: `node scripts/feature-move.mjs`; a second run finds
// nothing to move and exits.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import path from 'node:path';

const sh = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8' });
const tracked = sh('git', ['ls-files']).split('\n').filter(Boolean);

/** Whole folders: every file below `from` goes below `to`, keeping its name. */
const DIRS = [
  ['components/account', 'features/auth/components'],
  ['components/auth', 'features/auth/components'],
  ['components/attendance', 'features/attendance/components'],
  ['components/history', 'features/attendance/components'],
  ['components/audit', 'features/audit/components'],
  ['components/corrections', 'features/corrections/components'],
  ['components/dashboard', 'features/reports/components'],
  ['components/reports', 'features/reports/components'],
  ['components/devices', 'features/anti-fraud/components'],
  ['components/employees', 'features/employees/components'],
  ['components/face', 'features/face/components'],
  ['components/holidays', 'features/calendar/components/holidays'],
  ['components/schedules', 'features/calendar/components/schedules'],
  ['components/leave', 'features/leave/components'],
  ['components/map', 'features/offices/components'],
  ['components/offices', 'features/offices/components'],
  ['components/overtime', 'features/overtime/components'],
  ['components/periods', 'features/periods/components'],
  ['components/recap', 'features/recap/components'],
  ['components/settings', 'features/settings/components'],
  ['lib/attendance', 'features/attendance/lib'],
  ['lib/overtime', 'features/overtime/lib'],
  ['lib/face', 'features/face/lib'],
  ['lib/server/face', 'features/face/server/engine'],
];

/** Single files (checked before the folders). Paths without their extension. */
const FILES = {
  'components/leave/useOfficeTimezone': 'hooks/useOfficeTimezone',
  'components/settings/AntiFraudPanel': 'features/anti-fraud/components/AntiFraudPanel',
  'lib/holiday-estimate': 'features/calendar/lib/holiday-estimate',
  'lib/device-key': 'features/anti-fraud/lib/device-key',
};

const SERVICES = {
  attendance: [
    'attendance-days',
    'attendance-export',
    'attendance-flags',
    'attendance-fraud',
    'attendance-history',
    'attendance-list',
    'attendance-marks',
    'attendance-photo',
    'attendance-punch-sql',
    'attendance-punch',
    'attendance-session',
    'attendance-today',
    'challenge',
    'liveness',
  ],
  face: ['face-enrolment', 'face-review', 'face-verification'],
  'anti-fraud': ['anti-fraud-settings', 'devices'],
  leave: ['leave', 'leave-decisions', 'leave-ledger', 'leave-policy', 'leave-types', 'leave-calendar'],
  overtime: ['overtime', 'overtime-decisions', 'overtime-figures', 'overtime-settings'],
  corrections: ['corrections'],
  'daily-close': ['daily-close', 'day-classify', 'daily-jobs'],
  calendar: ['calendar', 'holidays', 'schedules', 'roster', 'workplace'],
  offices: ['offices'],
  periods: ['periods'],
  recap: ['recap', 'recap-export'],
  reports: ['reports', 'dashboard'],
  audit: ['audit-export'],
  employees: ['users', 'registration'],
  auth: ['auth', 'sessions', 'login-guard'],
  settings: ['settings'],
};
for (const [feature, names] of Object.entries(SERVICES)) {
  for (const name of names) FILES[`lib/server/services/${name}`] = `features/${feature}/server/${name}`;
}
// Engine pieces every feature calls.
FILES['lib/server/services/leave-attachment'] = 'lib/server/attachment';
FILES['lib/server/services/audit'] = 'lib/server/audit';
FILES['lib/server/services/rate-limit'] = 'lib/server/rate-limit';
FILES['lib/server/services/health'] = 'lib/server/health';

const VALIDATION = {
  'anti-fraud': 'anti-fraud',
  attendance: 'attendance',
  audit: 'audit',
  auth: 'auth',
  calendar: 'calendar',
  corrections: 'corrections',
  devices: 'anti-fraud',
  face: 'face',
  'leave-ledger': 'leave',
  leave: 'leave',
  overtime: 'overtime',
  periods: 'periods',
  recap: 'recap',
  registration: 'employees',
  reports: 'reports',
  settings: 'settings',
  users: 'employees',
};
for (const [name, feature] of Object.entries(VALIDATION)) FILES[`lib/validation/${name}`] = `features/${feature}/validation/${name}`;

const TYPES = {
  'anti-fraud': 'anti-fraud',
  attendance: 'attendance',
  audit: 'audit',
  calendar: 'calendar',
  corrections: 'corrections',
  dashboard: 'reports',
  face: 'face',
  holidays: 'calendar',
  leave: 'leave',
  offices: 'offices',
  periods: 'periods',
  recap: 'recap',
  reports: 'reports',
  schedules: 'calendar',
  settings: 'settings',
  users: 'employees',
};
for (const [name, feature] of Object.entries(TYPES)) FILES[`lib/types/${name}`] = `features/${feature}/types/${name}`;

const stripExt = (p) => p.replace(/\.(tsx?|mts|mjs|d\.mts|json)$/, '');
const extOf = (p) => p.slice(stripExt(p).length);

/** old file (with extension) → new file. */
const moves = new Map();
for (const file of tracked) {
  const bare = stripExt(file);
  if (FILES[bare]) {
    moves.set(file, FILES[bare] + extOf(file));
    continue;
  }
  const dir = DIRS.find(([from]) => file.startsWith(`${from}/`));
  if (dir) moves.set(file, dir[1] + file.slice(dir[0].length));
}
if (moves.size === 0) {
  console.log('Nothing to move: the tree is already in features/.');
  process.exit(0);
}
const targets = new Set();
for (const to of moves.values()) {
  if (targets.has(to) || (existsSync(to) && !moves.has(to))) throw new Error(`Two files would land on ${to}`);
  targets.add(to);
}

/** Module ids (no extension) and folders, old → new, longest first so that a prefix never wins. */
const moduleMap = new Map();
for (const [from, to] of moves) {
  moduleMap.set(from, to);
  moduleMap.set(stripExt(from), stripExt(to));
}
const dirMap = new Map([...DIRS]);
const newPlace = (oldPath) => moduleMap.get(oldPath) ?? oldPath;

const TEXT = /\.(tsx?|mts|mjs|cjs|js|md|json|css|sh|conf|service|yml|yaml)$|(^|\/)(run|Dockerfile)$/;
// This script names the old paths on purpose: it is left as written.
const SKIP = /^(package-lock\.json|public\/|prisma\/migrations\/|lib\/generated\/|scripts\/feature-move\.mjs$)/;

/** A specifier as written, resolved from `fromFile`'s old place to a repository path, or null. */
function resolveSpecifier(spec, fromFile) {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (spec.startsWith('./') || spec.startsWith('../')) return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  return null;
}

function rewriteSpecifier(spec, oldFile, newFile) {
  const target = resolveSpecifier(spec, oldFile);
  if (target === null) return spec;
  let moved = moduleMap.get(target);
  if (!moved) {
    // A relative import of a file that stays, from a file that moved, still needs a new relative path.
    if (spec.startsWith('@/') || oldFile === newFile) return spec;
    moved = target;
  }
  if (spec.startsWith('@/')) return `@/${moved}`;
  let rel = path.posix.relative(path.posix.dirname(newFile), moved);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}

const SPECIFIER =
  /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bvi\.mock\s*\(\s*|\bvi\.importActual\s*(?:<[^>]*>)?\s*\(\s*)(['"])([^'"\n]+)\2/g;

/** Paths named in prose and comments: files (with or without extension) and the moved folders. */
const mentionPairs = [...[...moduleMap].map(([from, to]) => [from, to]), ...[...dirMap].map(([from, to]) => [from, to])].sort(
  (a, b) => b[0].length - a[0].length,
);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MENTION = new RegExp(`(?<![\\w./-])(@/)?(${mentionPairs.map(([from]) => escape(from)).join('|')})(?![\\w-])`, 'g');
const mentionMap = new Map(mentionPairs);

/** Paths written other than as one string: globs and folder lists in configs and tests, a path built piece by piece. */
const LITERAL_PATHS = [
  [
    "path.join(root, 'lib', 'server', 'face', 'detect-thread.mjs')",
    "path.join(root, 'features', 'face', 'server', 'engine', 'detect-thread.mjs')",
  ],
  ["['app', 'components', 'hooks', 'lib']", "['app', 'components', 'features', 'hooks', 'lib']"],
  [
    "files: ['**/*.tsx', 'components/**/*.ts', 'hooks/**/*.ts'],",
    "files: ['**/*.tsx', 'components/**/*.ts', 'features/*/components/**/*.ts', 'hooks/**/*.ts'],",
  ],
  [
    "files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],",
    "files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'features/*/components/**/*.{ts,tsx}'],",
  ],
  [
    "  'components/**/*.{ts,tsx}',\n  'hooks/**/*.{ts,tsx}',\n  'lib/api-client.ts',\n  'lib/validation/**/*.ts',\n  'lib/ui/**/*.{ts,tsx}',\n  'lib/types/**/*.ts',\n",
    "  'components/**/*.{ts,tsx}',\n  'features/*/components/**/*.{ts,tsx}',\n  'hooks/**/*.{ts,tsx}',\n  'lib/api-client.ts',\n  'lib/validation/**/*.ts',\n  'features/*/validation/**/*.ts',\n  'lib/ui/**/*.{ts,tsx}',\n  'features/*/types/**/*.ts',\n  'features/*/lib/**/*.{ts,mts,mjs}',\n",
  ],
];

function rewriteText(text, oldFile, newFile, code) {
  let out = text;
  if (code) out = out.replace(SPECIFIER, (all, head, quote, spec) => `${head}${quote}${rewriteSpecifier(spec, oldFile, newFile)}${quote}`);
  out = out.replace(MENTION, (all, at, p) => `${at ?? ''}${mentionMap.get(p)}`);
  for (const [from, to] of LITERAL_PATHS) out = out.replace(from, to);
  return out;
}

let rewritten = 0;
const edits = [];
for (const file of tracked) {
  if (SKIP.test(file) || !TEXT.test(file) || !existsSync(file) || !statSync(file).isFile()) continue;
  const text = readFileSync(file, 'utf8');
  const newFile = newPlace(file);
  const code = /\.(tsx?|mts|mjs|cjs|js)$/.test(file);
  const next = rewriteText(text, file, newFile, code);
  if (next !== text) {
    edits.push([file, next]);
    rewritten += next.split('\n').filter((line, i) => line !== text.split('\n')[i]).length;
  }
}
for (const [file, next] of edits) writeFileSync(file, next);
for (const [from, to] of moves) {
  execFileSync('mkdir', ['-p', path.dirname(to)]);
  sh('git', ['mv', from, to]);
}
// Longer import lines are re-wrapped the way the rest of the tree is; the emptied folders go.
const touched = [...new Set(edits.map(([file]) => newPlace(file)))].filter((f) => /\.(tsx?|mts|mjs)$/.test(f));
execFileSync('npx', ['prettier', '--write', '--log-level', 'warn', ...touched], { stdio: 'inherit' });
execFileSync('find', ['lib', 'components', '-type', 'd', '-empty', '-delete']);
console.log(`Moved ${moves.size} files; rewrote ${rewritten} lines in ${edits.length} files.`);
