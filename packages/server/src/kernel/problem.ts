/** RFC 9457 problem details, the one error shape of the API. */
import { PAIRED_TEXTS, SEED_TEXTS, SEED_TEXTS_TR } from '@tezgah/core';

export interface FieldError {
  field: string;
  message: string;
  code?: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code?: string;
  instance?: string;
  fieldErrors?: FieldError[];
  /** Extension members (RFC 9457 §3.2): what else a client needs to act on this kind of problem. */
  [member: string]: unknown;
}

const TYPE_BASE = 'https://tezgah.dev/problems/';
/** The members a problem's own fields write; an extension member never stands in for one of them. */
const STANDARD_MEMBERS = new Set(['type', 'title', 'status', 'detail', 'code', 'instance', 'fieldErrors']);

/** Throw from anywhere in a request: the kernel turns it into a problem+json answer. */
export class Problem extends Error {
  readonly status: number;
  readonly title: string;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly fieldErrors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  /**
   * Extension members of the body beside the standard ones (RFC 9457 §3.2), e.g. the counts a
   * refused import would have made; a standard member's name here is ignored.
   */
  readonly extensions: Record<string, unknown> | undefined;

  constructor(
    status: number,
    title: string,
    opts: { detail?: string; code?: string; fieldErrors?: FieldError[]; headers?: Record<string, string>; extensions?: Record<string, unknown> } = {},
  ) {
    super(opts.detail ? `${title}: ${opts.detail}` : title);
    this.status = status;
    this.title = title;
    this.code = opts.code;
    this.detail = opts.detail;
    this.fieldErrors = opts.fieldErrors;
    this.headers = opts.headers;
    this.extensions = opts.extensions;
  }

  /** The body in the request's language (Turkish unless it asked for English): see {@link PROBLEM_TEXTS}. */
  toBody(instance?: string, language: ProblemLanguage = 'tr'): ProblemBody {
    const body: ProblemBody = {
      ...Object.fromEntries(Object.entries(this.extensions ?? {}).filter(([k]) => !STANDARD_MEMBERS.has(k))),
      type: this.code ? `${TYPE_BASE}${this.code.toLowerCase().replace(/_/g, '-')}` : 'about:blank',
      title: titleIn(this.title, this.code, language),
      status: this.status,
    };
    const codes = [this.code, ...(this.fieldErrors ?? []).map((f) => f.code)];
    if (this.detail) body.detail = messageIn(this.detail, codes, language);
    if (this.code) body.code = this.code;
    if (instance) body.instance = instance;
    if (this.fieldErrors?.length) body.fieldErrors = this.fieldErrors.map((f) => ({ ...f, message: messageIn(f.message, [f.code], language) }));
    return body;
  }
}

// The texts people see. Where the seeds name a text it is used verbatim.
export const problems = {
  badRequest: (detail: string, fieldErrors?: FieldError[]) =>
    new Problem(400, 'Geçersiz istek', { detail, code: 'VALIDATION_FAILED', ...(fieldErrors ? { fieldErrors } : {}) }),
  invalidField: (field: string, message: string, code = 'INVALID') =>
    new Problem(400, 'Geçersiz istek', { detail: message, code: 'VALIDATION_FAILED', fieldErrors: [{ field, message, code }] }),
  unauthorized: (detail = 'Bu işlem için oturum açmalısınız.', code = 'UNAUTHORIZED') =>
    new Problem(401, 'Yetkisiz erişim', { detail, code }),
  loginFailed: () =>
    new Problem(401, 'Giriş işlemi başarısız oldu', {
      detail: 'Lütfen kullanıcı bilgilerinizi kontrol edip tekrar deneyiniz.',
      code: 'BAD_CREDENTIALS',
    }),
  notActivated: () =>
    new Problem(401, 'Giriş işlemi başarısız oldu', {
      detail: 'Account not activated: hesabınız henüz etkinleştirilmedi; e-postanıza gönderilen bağlantı ile etkinleştirmeyi tamamlayın.',
      code: 'ACCOUNT_NOT_ACTIVATED',
    }),
  forbidden: (detail = 'Bu işlem için yetkiniz yok. Yetkiniz olduğunu düşünüyorsanız tekrar giriş yapın.', code = 'FORBIDDEN') =>
    new Problem(403, 'Yetki Hatası', { detail, code }),
  notFound: (what = 'Kayıt') => new Problem(404, 'Kayıt bulunamadı', { detail: `${what} bulunamadı.`, code: 'NOT_FOUND' }),
  /** `extensions`: members of the body beside the standard ones (what a client needs to act on the conflict). */
  conflict: (detail: string, code = 'CONFLICT', field?: string, extensions?: Record<string, unknown>) =>
    new Problem(409, 'Çakışma', { detail, code, ...(field ? { fieldErrors: [{ field, message: detail, code }] } : {}), ...(extensions ? { extensions } : {}) }),
  rateLimited: (seconds: number) =>
    new Problem(429, 'Çok fazla deneme', {
      detail: `Çok fazla başarısız deneme. ${seconds} saniye sonra tekrar deneyin.`,
      code: 'RATE_LIMITED',
      headers: { 'retry-after': String(seconds) },
    }),
};

/** The languages problems are written in: Turkish by default, English on request. */
export type ProblemLanguage = 'tr' | 'en';
type Both = { readonly tr: string; readonly en: string };
const seed = (k: keyof typeof SEED_TEXTS): Both => ({ tr: SEED_TEXTS_TR[k], en: SEED_TEXTS[k] });

/**
 * The catalogue of problem texts in both languages, keyed by problem (or field error) code. A
 * handler may throw with either language's text (the seeds quote several in English); what the
 * caller reads follows its Accept-Language. Codes not here keep the handler's own (Turkish) text.
 */
export const PROBLEM_TEXTS: Readonly<Record<string, { title?: Both; message?: Both }>> = {
  VALIDATION_FAILED: { title: { tr: 'Geçersiz istek', en: 'Bad request' } },
  UNAUTHORIZED: { title: { tr: 'Yetkisiz erişim', en: 'Unauthorized' } },
  BAD_CREDENTIALS: { title: { tr: 'Giriş işlemi başarısız oldu', en: 'Sign-in failed' }, message: { tr: 'Lütfen kullanıcı bilgilerinizi kontrol edip tekrar deneyiniz.', en: 'Please check your details and try again.' } },
  ACCOUNT_NOT_ACTIVATED: { title: { tr: 'Giriş işlemi başarısız oldu', en: 'Sign-in failed' } },
  FORBIDDEN: { title: { tr: 'Yetki Hatası', en: 'Permission error' } },
  MISSING_AUTHORITY: { title: { tr: 'Yetki Hatası', en: 'Permission error' } },
  MANAGEMENT_ONLY: { title: { tr: 'Yetki Hatası', en: 'Permission error' } },
  NOT_FOUND: { title: { tr: 'Kayıt bulunamadı', en: 'Not found' } },
  NO_ROUTE: { title: { tr: 'Bulunamadı', en: 'Not found' } },
  CONFLICT: { title: { tr: 'Çakışma', en: 'Conflict' } },
  DUPLICATE: { title: { tr: 'Çakışma', en: 'Conflict' }, message: { tr: 'Bu kayıt zaten var.', en: 'This record already exists.' } },
  REFERENCED: { title: { tr: 'Çakışma', en: 'Conflict' }, message: { tr: 'Kayıt başka kayıtlarla ilişkili.', en: 'The record is used by other records.' } },
  RATE_LIMITED: { title: { tr: 'Çok fazla deneme', en: 'Too many attempts' } },
  SESSION_LOCKED: { title: { tr: 'Ekran kilitli', en: 'Screen locked' }, message: { tr: 'Ekran kilitlendi; devam etmek için şifrenizi girin.', en: 'The screen is locked; enter your password to go on.' } },
  PAYLOAD_TOO_LARGE: { title: { tr: 'İstek çok büyük', en: 'Payload too large' } },
  CONCURRENT_CONFLICT: {
    title: { tr: 'Eşzamanlı işlem çakışması', en: 'Concurrent change' },
    message: { tr: 'İşlem, aynı kayıtları değiştiren başka bir işlemle çakıştı ve geri alındı; hiçbir şey yazılmadı. Yeniden deneyin.', en: 'Another change to the same records got in the way; nothing was written. Try again.' },
  },
  SCHEMA_CHANGED: {
    title: { tr: 'Veritabanı güncelleniyor', en: 'Database being updated' },
    message: { tr: 'Veritabanının tabloları bu işlem sırasında değişti (bir güncelleme kuruluyor); hiçbir şey yazılmadı. Yeniden deneyin.', en: 'The database\'s tables changed during this request (an update is being installed); nothing was written. Try again.' },
  },
  URI_TOO_LONG: { title: { tr: 'İstek adresi çok uzun', en: 'URI too long' } },
  UNSUPPORTED_MEDIA_TYPE: { title: { tr: 'Desteklenmeyen içerik türü', en: 'Unsupported media type' } },
  INTERNAL: { title: { tr: 'Sunucu hatası', en: 'Server error' } },
  NOT_IMPLEMENTED: { title: { tr: 'Henüz uygulanmadı', en: 'Not implemented' } },
  CONTROL_CHARACTER: { message: { tr: 'Alan izin verilmeyen bir kontrol karakteri içeriyor.', en: 'The field contains a control character that is not allowed.' } },
  LONE_SURROGATE: { message: { tr: 'Alan geçersiz bir Unicode karakteri (eşi olmayan vekil) içeriyor.', en: 'The field contains an invalid Unicode character (a lone surrogate).' } },
  // Texts the seeds quote in English, said in Turkish by default.
  EMAIL: { message: seed('WRONG_EMAIL_FORMAT') },
  PASSWORD_MISMATCH: { message: seed('PASSWORDS_DO_NOT_MATCH') },
  TAX_PERCENTAGE_EXISTS: { title: { tr: 'Çakışma', en: 'Conflict' }, message: seed('SAME_TAX_PERCENTAGE_EXISTS') },
  NO_CHANGES: { message: seed('NO_CHANGES') },
  PLEASE_CHOOSE_MEDICINE: { message: seed('PLEASE_CHOOSE_MEDICINE') },
  NOT_IN_TAX_PROFESSIONALS_REGISTRY: { message: seed('NOT_IN_TAX_PROFESSIONALS_REGISTRY') },
  PRODUCT_IN_LIST: { title: { tr: 'Çakışma', en: 'Conflict' }, message: seed('SELECTED_PRODUCT_EXISTS') },
  CURRENT_IN_LIST: { title: { tr: 'Çakışma', en: 'Conflict' }, message: PAIRED_TEXTS.SELECTED_CURRENT_EXISTS },
  FISCAL_YEAR_NOT_FOUND: { title: { tr: 'Mali yıl yok', en: 'No fiscal year' }, message: seed('FISCAL_YEAR_NOT_FOUND') },
  EXCEL_DAILY_LIMIT: { title: { tr: 'Günlük sınır', en: 'Daily limit' }, message: seed('EXCEL_DAILY_LIMIT') },
  // The reports service (issue 10): the seeds' texts are the titles the workbench shows.
  INVOICE_DATE_RANGE_EMPTY: { title: seed('INVOICE_DATE_RANGE_EMPTY'), message: seed('INVOICE_DATE_RANGE_EMPTY') },
  NO_INVOICE_IN_DATE_RANGE: { title: seed('NO_INVOICE_IN_DATE_RANGE'), message: seed('NO_INVOICE_IN_DATE_RANGE') },
  CANNOT_ADD_JOURNAL_FOR_ACTIVE_FISCAL_YEAR: { title: { tr: 'Yevmiye eklenemez', en: 'Journal not added' }, message: seed('CANNOT_ADD_JOURNAL_FOR_ACTIVE_FISCAL_YEAR') },
};

/** Titles that several codes share (a key spent twice is INCORRECT_OTP on activation and on reset alike). */
const SHARED_TITLES: readonly Both[] = [
  seed('ACTIVATION_FAILED'),
  { tr: SEED_TEXTS.RESET_FAILED, en: 'Password reset failed!' },
  { tr: 'Kur bilgisi alınamadı', en: 'Exchange rates unavailable' },
  // The reports service's daily Excel refusal is titled with the seeds' text (§8: reports show the title).
  seed('EXCEL_DAILY_LIMIT'),
];

/** Titles by their text in either language, for problems whose code names no title of its own. */
const TITLES: ReadonlyMap<string, Both> = new Map(
  [...Object.values(PROBLEM_TEXTS).flatMap((e) => (e.title ? [e.title] : [])), ...SHARED_TITLES]
    .flatMap((t) => [[t.tr, t], [t.en, t]] as const),
);

function titleIn(title: string, code: string | undefined, language: ProblemLanguage): string {
  const own = code ? PROBLEM_TEXTS[code]?.title : undefined;
  const entry = own && (own.tr === title || own.en === title) ? own : TITLES.get(title);
  return entry ? entry[language] : title;
}

/** A message that is one of its codes' catalogued texts (in either language) is given in `language`. */
function messageIn(message: string, codes: readonly (string | undefined)[], language: ProblemLanguage): string {
  for (const code of codes) {
    const entry = code ? PROBLEM_TEXTS[code]?.message : undefined;
    if (entry && (entry.tr === message || entry.en === message)) return entry[language];
  }
  return message;
}

/**
 * The language a request asks for: its Accept-Language's most preferred of Turkish and English
 * (`en-US`, `en;q=0.9` count as English; other languages are passed over), Turkish when it names neither.
 */
export function problemLanguage(acceptLanguage: string | string[] | undefined): ProblemLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage ?? '';
  const ranked = header.split(',').map((part, i) => {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    return { lang: tag.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, i };
  }).filter((r) => r.weight > 0 && (r.lang === 'tr' || r.lang === 'en'))
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  return ranked[0]?.lang === 'en' ? 'en' : 'tr';
}
