/** RFC 9457 problem details, the one error shape of the API. */
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
}

const TYPE_BASE = 'https://tezgah.dev/problems/';

/** Throw from anywhere in a request: the kernel turns it into a problem+json answer. */
export class Problem extends Error {
  readonly status: number;
  readonly title: string;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly fieldErrors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, title: string, opts: { detail?: string; code?: string; fieldErrors?: FieldError[]; headers?: Record<string, string> } = {}) {
    super(opts.detail ? `${title}: ${opts.detail}` : title);
    this.status = status;
    this.title = title;
    this.code = opts.code;
    this.detail = opts.detail;
    this.fieldErrors = opts.fieldErrors;
    this.headers = opts.headers;
  }

  toBody(instance?: string): ProblemBody {
    const body: ProblemBody = {
      type: this.code ? `${TYPE_BASE}${this.code.toLowerCase().replace(/_/g, '-')}` : 'about:blank',
      title: this.title,
      status: this.status,
    };
    if (this.detail) body.detail = this.detail;
    if (this.code) body.code = this.code;
    if (instance) body.instance = instance;
    if (this.fieldErrors?.length) body.fieldErrors = this.fieldErrors;
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
  conflict: (detail: string, code = 'CONFLICT', field?: string) =>
    new Problem(409, 'Çakışma', { detail, code, ...(field ? { fieldErrors: [{ field, message: detail, code }] } : {}) }),
  rateLimited: (seconds: number) =>
    new Problem(429, 'Çok fazla deneme', {
      detail: `Çok fazla başarısız deneme. ${seconds} saniye sonra tekrar deneyin.`,
      code: 'RATE_LIMITED',
      headers: { 'retry-after': String(seconds) },
    }),
};
