/**
 * The GS1 DataMatrix on a Turkish medicine box (seeds 001 §3 "medicine datamatrix parse result",
 * §5 the exact rule): AI 01 GTIN-14 (a '0' and the 13-digit barcode), AI 21 serial (1–20
 * alphanumerics), AI 17 expiry YYMMDD (month 01–12, day 00–31, day 00 = the month's last day),
 * AI 10 batch (1–20 alphanumerics, the last field).
 *
 * Accepted shapes (all trimmed; a leading symbology identifier `]d2` and a leading FNC1/GS dropped):
 * - the raw string without separators, exactly the seeds' rule, in its one order 01·21·(-)17·10:
 *   `01` 14 digits `21` serial, an optional hyphen, `17` YYMMDD `10` batch. Two variable fields
 *   without a separator can be split more than one way; like the rule's regular expression, the
 *   longest serial that leaves a valid `17…10…` tail wins;
 * - the raw string with the GS separator (0x1D) real scanners send after a variable field, or
 *   its escaped form `<GS>` (the example file): a GS closes the serial or the batch, so the four
 *   elements may come in any order (01·17·10·21 is common on real packs). This cannot mis-parse:
 *   fixed-length fields (01, 17) need no separator, and a variable field not at the end must be
 *   closed by a GS (or, after the serial, the rule's hyphen); otherwise no result;
 * - the human-readable form `(01)…(21)…(17)…(10)…`, any order (the parentheses delimit).
 * Each AI exactly once, no other AI, nothing left over. The expiry must be a real calendar date
 * (a stricter reading of "day 00–31": 310231 is no date). The GTIN-14's first digit must be '0'
 * (seeds: gtin = '0' + barkod). The GTIN check digit is not verified (the rule does not ask; the
 * symbol's own error correction covers misreads). YY means 20YY.
 *
 * Returns null for anything else and never throws, whatever the input (any type, any length).
 */
export interface DataMatrixResult {
  /** The 13-digit barcode (the GTIN-14 without its leading 0). */
  barkod: string;
  /** The GTIN-14: '0' + barkod. */
  gtin: string;
  /** Serial number (AI 21). */
  sn: string;
  /** Batch / lot (AI 10). */
  bn: string;
  /** Expiry, YYYY-MM-DD (day 00 resolved to the month's last day). */
  xd: string;
  /** Expiry for display, dd.MM.yyyy. */
  skt: string;
  /** Days from today to expiry (negative once expired; 0 on the expiry day). */
  miad: number;
}

const GS = '\x1d';
/** Longest valid input: the human-readable form is at most 76 characters; leave room for noise. */
const MAX_LENGTH = 256;
const ALNUM = /^[A-Za-z0-9]{1,20}$/;

/** The seeds' rule on a string without separators (group 1 gtin, 2 serial, 3–5 YY MM DD, 6 batch). */
const RULE = /^01(0\d{13})21([A-Za-z0-9]{1,20})-?17(\d{2})(0[1-9]|1[0-2])(0\d|[12]\d|3[01])10([A-Za-z0-9]{1,20})$/;

interface Fields { gtin?: string; sn?: string; bn?: string; date?: string }

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Today's date in Turkey as YYYY-MM-DD (the pharmacy's calendar day). */
function todayInTurkey(now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

function dayNumber(iso: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isFinite(t) ? Math.round(t / 86_400_000) : null;
}

function toIsoDay(today: unknown): string | null {
  if (today === undefined) return todayInTurkey(new Date());
  if (today instanceof Date) return Number.isNaN(today.getTime()) ? null : todayInTurkey(today);
  if (typeof today === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(today)) return today;
  return null;
}

function build(f: Fields, today: unknown): DataMatrixResult | null {
  const { gtin, sn, bn, date } = f;
  if (!gtin || !sn || !bn || !date) return null;
  if (!/^0\d{13}$/.test(gtin) || !ALNUM.test(sn) || !ALNUM.test(bn) || !/^\d{6}$/.test(date)) return null;
  const year = 2000 + Number(date.slice(0, 2));
  const month = Number(date.slice(2, 4));
  let day = Number(date.slice(4, 6));
  if (month < 1 || month > 12 || day > 31) return null;
  const last = daysInMonth(year, month);
  if (day === 0) day = last;
  if (day > last) return null;
  const mm = String(month).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  const xd = `${year}-${mm}-${dd}`;
  const todayIso = toIsoDay(today);
  const from = todayIso ? dayNumber(todayIso) : null;
  const to = dayNumber(xd);
  if (from === null || to === null) return null;
  return { barkod: gtin.slice(1), gtin, sn, bn, xd, skt: `${dd}.${mm}.${year}`, miad: to - from };
}

/** `(01)…(21)…(17)…(10)…` in any order. */
function parseHumanReadable(s: string): Fields | null {
  const re = /\((\d{2})\)([^()]*)/y;
  const f: Fields = {};
  let at = 0;
  while (at < s.length) {
    re.lastIndex = at;
    const m = re.exec(s);
    if (!m) return null;
    at = re.lastIndex;
    const ai = m[1]!;
    const value = m[2]!;
    if (!put(f, ai, value)) return null;
  }
  return f;
}

function put(f: Fields, ai: string, value: string): boolean {
  switch (ai) {
    case '01': if (f.gtin !== undefined || !/^\d{14}$/.test(value)) return false; f.gtin = value; return true;
    case '17': if (f.date !== undefined || !/^\d{6}$/.test(value)) return false; f.date = value; return true;
    case '21': if (f.sn !== undefined || !ALNUM.test(value)) return false; f.sn = value; return true;
    case '10': if (f.bn !== undefined || !ALNUM.test(value)) return false; f.bn = value; return true;
    default: return false;
  }
}

/** A GS1 element string with GS separators: fixed fields by length, variable ones up to a GS. */
function parseWithSeparators(s: string): Fields | null {
  const f: Fields = {};
  let at = 0;
  while (at < s.length) {
    const ai = s.slice(at, at + 2);
    at += 2;
    if (ai === '01' || ai === '17') {
      const len = ai === '01' ? 14 : 6;
      const value = s.slice(at, at + len);
      if (value.length !== len || !put(f, ai, value)) return null;
      at += len;
      // A GS after a fixed-length field is tolerated (some printers put one there).
      if (s[at] === GS) at += 1;
    } else if (ai === '21' || ai === '10') {
      let end = at;
      while (end < s.length && s[end] !== GS && !(ai === '21' && s[end] === '-')) end += 1;
      if (!put(f, ai, s.slice(at, end))) return null;
      at = end;
      if (s[at] === '-') {
        at += 1;
        if (s[at] === GS) at += 1;
        // The rule's hyphen after the serial only stands before the expiry.
        if (s.slice(at, at + 2) !== '17') return null;
      } else if (s[at] === GS) {
        at += 1;
        if (at >= s.length) return null; // a separator closes a field only when another follows
      }
    } else {
      return null;
    }
  }
  return f;
}

/**
 * Parses a medicine box's DataMatrix (see the module comment). `today` (a Date or 'YYYY-MM-DD';
 * default now, in Turkey's calendar) only sets `miad`.
 */
export function parseDataMatrix(text: unknown, today?: Date | string): DataMatrixResult | null {
  try {
    if (typeof text !== 'string' || text.length === 0 || text.length > MAX_LENGTH) return null;
    let s = text.trim();
    if (s.startsWith(']d2')) s = s.slice(3);
    s = s.replace(/<GS>/gi, GS);
    while (s.startsWith(GS)) s = s.slice(1);
    while (s.endsWith(GS)) s = s.slice(0, -1);
    if (s.length === 0) return null;
    if (s.startsWith('(')) {
      const f = parseHumanReadable(s.replace(/\s+/g, ''));
      return f ? build(f, today) : null;
    }
    if (s.includes(GS)) {
      const f = parseWithSeparators(s);
      return f ? build(f, today) : null;
    }
    const m = RULE.exec(s);
    if (!m) return null;
    return build({ gtin: m[1], sn: m[2], date: `${m[3]}${m[4]}${m[5]}`, bn: m[6] }, today);
  } catch {
    return null;
  }
}
