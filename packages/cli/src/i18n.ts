/**
 * The language of a run. A run speaks one language from its first line to its last: the one
 * `--lang` names, else the locale's (`LC_ALL`, then `LC_MESSAGES`, then `LANG`: `en…` is English,
 * `tr…` Turkish), else Turkish. Plugins read it as `ctx.lang` and keep their own messages as a
 * `Record<Lang, …>` of one shape, so a message missing in one language is a type error.
 *
 * The words for outcomes are fixed across commands and between text and JSON: a JSON key
 * `unchanged` reads "unchanged" in English text and "değişmedi" in Turkish, wherever it appears.
 */

export const LANGS = ['tr', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** The default when neither `--lang` nor the locale names a language the CLI speaks. */
export const DEFAULT_LANG: Lang = 'tr';

/** A language tag or locale name (`en_US.UTF-8`, `tr-TR`, `en`) as a language of the CLI; undefined for others (`C`, `de_DE`). */
export function langOf(value: string | undefined | null): Lang | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (v.startsWith('en')) return 'en';
  if (v.startsWith('tr')) return 'tr';
  return undefined;
}

/**
 * The locale's language. The first of LC_ALL, LC_MESSAGES and LANG that is set decides (as for
 * any POSIX program); a locale the CLI does not speak (C, POSIX, de_DE) gives Turkish.
 */
export function localeLang(env: Readonly<Record<string, string | undefined>>): Lang {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const) {
    const v = env[name];
    if (v) return langOf(v) ?? DEFAULT_LANG;
  }
  return DEFAULT_LANG;
}

/** The value of `--lang X` / `--lang=X` on a command line, before commander has read it. */
export function argvLang(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--lang') found = argv[i + 1];
    else if (a.startsWith('--lang=')) found = a.slice('--lang='.length);
  }
  return found;
}

/** The run's language: `--lang` when it names one, else the locale's. */
export function resolveLang(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Lang {
  const flag = argvLang(argv);
  const v = flag === undefined ? undefined : (LANGS as readonly string[]).includes(flag) ? (flag as Lang) : undefined;
  return v ?? localeLang(env);
}

/**
 * A text in every language the CLI speaks, kept in one place: a command's, an option's or an
 * argument's help (`{ tr: 'oturum açar', en: 'sign in' }`). A language left out is a type error.
 */
export type Texts = Readonly<Record<Lang, string>>;

/**
 * The run's language's text out of a {@link Texts}: `const say = sayIn(ctx.lang)` in `register`,
 * then `.description(say({ tr: '…', en: '…' }))`, so `tezgah --help` speaks the run's language.
 */
export function sayIn(lang: Lang): (texts: Texts) => string {
  return (texts) => texts[lang];
}

/** A whole number as the language writes it (1.234 / 1,234). */
export function formatCount(lang: Lang, n: number): string {
  return n.toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-US');
}

/** A percentage as the language writes it (%5 / 5%). */
export function formatPercent(lang: Lang, ratio: number, digits = 0): string {
  const value = (ratio * 100).toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-US', { maximumFractionDigits: digits });
  return lang === 'tr' ? `%${value}` : `${value}%`;
}

/** Seconds as the language writes them (0,5 sn / 0.5 s). */
export function formatSeconds(lang: Lang, ms: number): string {
  const s = (ms / 1000).toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-US', { maximumFractionDigits: 1 });
  return lang === 'tr' ? `${s} sn` : `${s} s`;
}

/** The outcome words every command uses, in text; the JSON keys are the English ones. */
export interface Words {
  created: string;
  updated: string;
  unchanged: string;
  invalid: string;
  skipped: string;
  failed: string;
  imported: string;
  duplicate: string;
  dryRun: string;
  /** A dry run's note that it changed nothing. */
  nothingWritten: string;
  yes: string;
  no: string;
  none: string;
  /** The prefix of a failure line on stderr. */
  error: string;
  /** The prefix of a line about rows that were skipped (exit 1). */
  warning: string;
  /** The prefix of a side remark on stderr. */
  note: string;
}

export const WORDS: Readonly<Record<Lang, Words>> = {
  tr: {
    created: 'oluşturuldu',
    updated: 'güncellendi',
    unchanged: 'değişmedi',
    invalid: 'hatalı',
    skipped: 'atlandı',
    failed: 'başarısız',
    imported: 'içe aktarıldı',
    duplicate: 'zaten var',
    dryRun: 'deneme',
    nothingWritten: 'deneme: hiçbir şey yazılmadı',
    yes: 'evet',
    no: 'hayır',
    none: '(yok)',
    error: 'hata',
    warning: 'uyarı',
    note: 'not',
  },
  en: {
    created: 'created',
    updated: 'updated',
    unchanged: 'unchanged',
    invalid: 'invalid',
    skipped: 'skipped',
    failed: 'failed',
    imported: 'imported',
    duplicate: 'duplicate',
    dryRun: 'dry run',
    nothingWritten: 'dry run: nothing was written',
    yes: 'yes',
    no: 'no',
    none: '(none)',
    error: 'error',
    warning: 'warning',
    note: 'note',
  },
};

/** `oluşturuldu 3 · değişmedi 2` / `created 3 · unchanged 2`: counts after their words, in the given order. */
export function countsLine(lang: Lang, counts: ReadonlyArray<readonly [keyof Words | string, number]>): string {
  const w = WORDS[lang] as unknown as Record<string, string>;
  return counts.map(([k, n]) => `${w[k] ?? k} ${formatCount(lang, n)}`).join(' · ');
}
