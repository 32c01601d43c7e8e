// Reading attendance-machine punches (docs/terminals.md). Pure: the push protocol's ATTLOG body, the
// attlog file a terminal writes to a USB stick, and the CSV some models export all come down to
// lines of (PIN, local time, status, verify). A line that cannot be read is reported with its number
// and the reason, never guessed.

/** One punch as the machine wrote it: `localTime` is 'YYYY-MM-DD HH:MM:SS' on the office's wall clock. */
export type RawPunch = { line: number; pin: string; localTime: string; status: number | null; verify: number | null };
export type LineError = { line: number; text: string; message: string };
export type Parsed = { punches: RawPunch[]; errors: LineError[] };

/** A PIN as terminals use it: 1 to 20 digits or letters (some firmwares allow letters). */
export const PIN_PATTERN = /^[A-Za-z0-9]{1,20}$/;

const MSG = {
  columns: 'Baris ini tidak memiliki PIN dan waktu yang dipisahkan tab.',
  pin: 'PIN tidak valid (1–20 huruf atau angka).',
  time: 'Waktu tidak valid (format YYYY-MM-DD HH:MM:SS).',
  header: 'Kolom PIN dan waktu tidak ditemukan di baris judul CSV.',
};

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'YYYY-MM-DD HH:MM[:SS]', 'YYYY/MM/DD …' or 'DD/MM/YYYY …' (also with '-') → 'YYYY-MM-DD HH:MM:SS', or null. */
export function normalLocalTime(text: string): string | null {
  const t = text.trim().replace('T', ' ');
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else {
    m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
    if (!m) return null;
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  const [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (y < 2000 || y > 2099 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  return `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
}

const code = (v: string | undefined): number | null => (v !== undefined && /^\d{1,3}$/.test(v.trim()) ? Number(v.trim()) : null);

function punchOf(line: number, text: string, pin: string | undefined, time: string | undefined, status?: string, verify?: string) {
  const p = (pin ?? '').trim();
  if (!PIN_PATTERN.test(p)) return { error: { line, text, message: MSG.pin } };
  const localTime = normalLocalTime(time ?? '');
  if (!localTime) return { error: { line, text, message: MSG.time } };
  return { punch: { line, pin: p, localTime, status: code(status), verify: code(verify) } };
}

function collect(out: Parsed, r: { punch?: RawPunch; error?: LineError }) {
  if (r.punch) out.punches.push(r.punch);
  if (r.error) out.errors.push(r.error);
}

/**
 * ATTLOG lines: PIN, time, status, verify, work code, reserved… separated by tabs (the push protocol's
 * body and the attlog file; the file pads the PIN with spaces). Blank lines are skipped.
 */
export function parseAttlog(body: string): Parsed {
  const out: Parsed = { punches: [], errors: [] };
  body.split(/\r?\n/).forEach((raw, i) => {
    const text = raw.replace(/^\uFEFF/, '');
    if (!text.trim()) return;
    const cells = text.split('\t');
    if (cells.length < 2) return out.errors.push({ line: i + 1, text: text.slice(0, 120), message: MSG.columns });
    collect(out, punchOf(i + 1, text.slice(0, 120), cells[0], cells[1], cells[2], cells[3]));
  });
  return out;
}

const PIN_HEADERS = ['pin', 'ac-no.', 'ac-no', 'ac no', 'no.', 'no', 'user id', 'userid', 'id', 'enroll id', 'enrollnumber', 'badgenumber'];
const TIME_HEADERS = ['time', 'datetime', 'date/time', 'date time', 'checktime', 'check time', 'waktu', 'tanggal/jam'];
const DATE_HEADERS = ['date', 'tanggal'];
const CLOCK_HEADERS = ['time', 'jam', 'waktu'];
const STATUS_HEADERS = ['status', 'state', 'checktype', 'check type'];
const VERIFY_HEADERS = ['verify', 'verifycode', 'verify code', 'verify mode'];

function splitCsvLine(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === sep && !quoted) {
      cells.push(cur);
      cur = '';
    } else cur += c;
  }
  cells.push(cur);
  return cells.map((c) => c.trim());
}

/**
 * A CSV export: a header row naming the PIN column (PIN, AC-No., No., User ID…) and either one
 * date-time column (Time, DateTime, Waktu…) or a Date and a Time column; ',' ';' or tab separated.
 */
export function parseCsv(body: string): Parsed {
  const out: Parsed = { punches: [], errors: [] };
  const lines = body.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.trim() !== '');
  if (headerAt < 0) return out;
  const header = lines[headerAt]!;
  const sep = [';', '\t', ','].map((s) => ({ s, n: header.split(s).length })).sort((a, b) => b.n - a.n)[0]!.s;
  const names = splitCsvLine(header, sep).map((h) => h.toLowerCase());
  const find = (list: string[], skip = -1) => names.findIndex((n, i) => i !== skip && list.includes(n));
  const pinCol = find(PIN_HEADERS);
  const dateCol = find(DATE_HEADERS);
  const timeCol = dateCol >= 0 ? find(CLOCK_HEADERS, pinCol) : find(TIME_HEADERS, pinCol);
  if (pinCol < 0 || timeCol < 0) {
    out.errors.push({ line: headerAt + 1, text: header.slice(0, 120), message: MSG.header });
    return out;
  }
  const statusCol = find(STATUS_HEADERS);
  const verifyCol = find(VERIFY_HEADERS);
  for (let i = headerAt + 1; i < lines.length; i++) {
    const text = lines[i]!;
    if (!text.trim()) continue;
    const c = splitCsvLine(text, sep);
    const time = dateCol >= 0 ? `${c[dateCol] ?? ''} ${c[timeCol] ?? ''}` : c[timeCol];
    collect(
      out,
      punchOf(
        i + 1,
        text.slice(0, 120),
        c[pinCol],
        time,
        statusCol >= 0 ? c[statusCol] : undefined,
        verifyCol >= 0 ? c[verifyCol] : undefined,
      ),
    );
  }
  return out;
}

/** A file by its content: tab-separated lines that start with a PIN are attlog; a CSV starts with its header. */
export function parsePunchFile(text: string): Parsed & { format: 'attlog' | 'csv' } {
  const first =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((l) => l.trim() !== '') ?? '';
  const cells = first.split('\t');
  if (cells.length >= 2 && /^\s*\d{1,20}\s*$/.test(cells[0]!)) return { ...parseAttlog(text), format: 'attlog' };
  return { ...parseCsv(text), format: 'csv' };
}
