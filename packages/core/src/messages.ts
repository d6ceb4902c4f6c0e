/**
 * User-facing texts (seeds 000 §8 and 001 §8, plus the few texts quoted in §2, §4, §5, §9).
 *
 * {@link SEED_TEXTS} holds every text the seeds quote, verbatim — some are Turkish, some are
 * English exactly as the seeds give them. {@link AUTHORED_TEXTS} holds texts the seeds only
 * describe ("a forbidden message", "added successfully"); their Turkish wording is ours.
 * {@link MESSAGES} is both together and is what callers use.
 */

/** Texts quoted verbatim in the seeds. Do not reword. */
export const SEED_TEXTS = {
  /** Title of the 403 notification. */
  PERMISSION_ERROR_TITLE: 'Yetki Hatası',
  /** Title of every other error notification. */
  ERROR_TITLE: 'HATALI',
  SUCCESS_TITLE: 'BAŞARILI',
  WARNING_TITLE: 'UYARI',
  /** Server error title that means the desktop assistant must be restarted. */
  INTERNAL_SERVER_ERROR_TITLE: 'Internal Server Error',
  /** 401 body passed through silently; also the drug-tracking status check without an object list. */
  NO_ITS_ACCESS_TOKEN: 'No Its Access Token',

  LOGIN_FAILED: 'Giriş işlemi başarısız oldu',
  CHECK_CREDENTIALS: 'Lütfen kullanıcı bilgilerinizi kontrol edip tekrar deneyiniz.',
  USERNAME_OR_PASSWORD_WRONG: 'Username or password is wrong',
  MEDULA_LOGIN_FAILED: 'Medulaya giriş işlemi başarısız oldu',
  RESET_FAILED: 'Şifre Sıfırlama işlemi başarısız!',
  PASSWORDS_DO_NOT_MATCH: 'Your passwords do not match!',
  WRONG_EMAIL_FORMAT: 'Wrong e-mail format',
  ACTIVATION_SUCCESS: 'Congratulations',
  ACTIVATION_FAILED: 'Unfortunately, your activation could not be completed',

  COMPANY_FILE_UPDATE_FAILED: 'Firma bilgileri güncellenme işlemi başarısız!',
  COMPLETE_COMPANY_SETTINGS: 'Please complete the missing information on the company settings page',
  NOT_IN_TAX_PROFESSIONALS_REGISTRY: 'Not found in the tax-professionals registry',

  RECETE_NOT_FOUND: 'Reçete bulunamadı',
  MAJISTRAL_SAVED: 'Majistral medicine saved',
  MAJISTRAL_NOT_SAVED: 'could not be saved',
  PLEASE_CHOOSE_MEDICINE: 'Please choose a medicine',

  JOURNAL_ORDERING_FAILED: 'Sıralama işleminde hata oluştu!',
  JOURNAL_UNORDERED: 'Yevmiye fişleri sırasız!',
  FISCAL_YEAR_NOT_FOUND: 'Defined fiscal year not found',
  CANNOT_ADD_JOURNAL_FOR_ACTIVE_FISCAL_YEAR: 'Cannot add new journal for the active fiscal year',

  SELECTED_PRODUCT_EXISTS: 'Selected product exists in the list',
  SAME_TAX_PERCENTAGE_EXISTS: 'Same tax percentage already exists',
  NO_CHANGES: 'You made no changes!',
  FAVOURITES_LIMIT: 'You can only add 3 pages to favourites',
  ONLY_ONE_ONLINE_PAYMENT: 'Only one online payment per sale',
  EXCEL_DAILY_LIMIT: 'Daily excel download limited to twice a day',
  NO_INVOICE_IN_DATE_RANGE: 'No invoice found in the given date range',
  INVOICE_DATE_RANGE_EMPTY: 'Invoice date range empty',

  /** Invoice cancel confirmation. */
  CONFIRM: 'Emin misiniz?',
  CONFIRM_ITS_CANCEL: 'ITS iptali de beraberinde yapılsın mı?',
  YES: 'Evet',
  NO: 'Hayır',
  /** Lazy screen loading indicator. */
  LOADING: 'Yükleniyor...',
  /** Pagination labels. */
  TOTAL_RECORDS: 'Toplam Kayıt:',
  PER_PAGE: '/ Sayfa',
} as const;

/**
 * Texts the seeds quote that travel on the wire as markers and are matched, not read: a server
 * error titled 'Internal Server Error' means "restart the assistant"; a 401 whose body is
 * 'No Its Access Token' passes silently. They stay verbatim in every language.
 */
export const WIRE_TEXT_KEYS = ['INTERNAL_SERVER_ERROR_TITLE', 'NO_ITS_ACCESS_TOKEN'] as const;

/**
 * The Turkish interface's words for the texts the seeds give in English. The seeds' English
 * wording is the English locale's text; the Turkish interface says the same thing in Turkish.
 */
export const TURKISH_FOR_ENGLISH_SEED_TEXTS = {
  USERNAME_OR_PASSWORD_WRONG: 'Kullanıcı adı veya şifre hatalı',
  PASSWORDS_DO_NOT_MATCH: 'Şifreleriniz eşleşmiyor!',
  WRONG_EMAIL_FORMAT: 'Hatalı e-posta biçimi',
  ACTIVATION_SUCCESS: 'Tebrikler',
  ACTIVATION_FAILED: 'Maalesef etkinleştirme işleminiz tamamlanamadı',
  COMPLETE_COMPANY_SETTINGS: 'Lütfen firma ayarları sayfasındaki eksik bilgileri tamamlayınız',
  NOT_IN_TAX_PROFESSIONALS_REGISTRY: 'Mali müşavirler sicilinde bulunamadı',
  MAJISTRAL_SAVED: 'Majistral ilaç kaydedildi',
  MAJISTRAL_NOT_SAVED: 'kaydedilemedi',
  PLEASE_CHOOSE_MEDICINE: 'Lütfen bir ilaç seçiniz',
  FISCAL_YEAR_NOT_FOUND: 'Tanımlı mali yıl bulunamadı',
  CANNOT_ADD_JOURNAL_FOR_ACTIVE_FISCAL_YEAR: 'Aktif mali yıl için yeni yevmiye eklenemez',
  SELECTED_PRODUCT_EXISTS: 'Seçilen ürün listede zaten var',
  SAME_TAX_PERCENTAGE_EXISTS: 'Aynı vergi oranı zaten var',
  NO_CHANGES: 'Herhangi bir değişiklik yapmadınız!',
  FAVOURITES_LIMIT: 'Favorilere en fazla 3 sayfa ekleyebilirsiniz',
  ONLY_ONE_ONLINE_PAYMENT: 'Bir satışta yalnızca bir online ödeme yapılabilir',
  EXCEL_DAILY_LIMIT: 'Excel indirme günde iki kez ile sınırlıdır',
  NO_INVOICE_IN_DATE_RANGE: 'Verilen tarih aralığında fatura bulunamadı',
  INVOICE_DATE_RANGE_EMPTY: 'Fatura tarih aralığı boş',
} as const satisfies Partial<Record<keyof typeof SEED_TEXTS, string>>;

/** Every seed text as the Turkish interface says it: Turkish seed texts verbatim, English ones in Turkish. */
export const SEED_TEXTS_TR: Record<keyof typeof SEED_TEXTS, string> = { ...SEED_TEXTS, ...TURKISH_FOR_ENGLISH_SEED_TEXTS };

/**
 * Texts that are not in the seeds but pair with one (the seeds' 'Selected product exists in the
 * list' said of a current account linked to a price list twice), in both languages.
 */
export const PAIRED_TEXTS = {
  SELECTED_CURRENT_EXISTS: { tr: 'Seçilen cari listede zaten var', en: 'Selected current account exists in the list' },
} as const;

/** Texts the seeds describe without quoting; Turkish wording chosen by this product. */
export const AUTHORED_TEXTS = {
  /** Body of the 403 notification. */
  PERMISSION_ERROR:
    'Bu işlem için yetkiniz bulunmamaktadır. Yetkiniz olduğunu düşünüyorsanız lütfen tekrar giriş yapınız.',
  UNAUTHORIZED: 'Oturumunuz geçersiz veya süresi dolmuş. Lütfen tekrar giriş yapınız.',
  FORBIDDEN: 'Bu işlem için yetkiniz bulunmamaktadır.',
  ACCOUNT_NOT_ACTIVATED:
    'Hesabınız henüz etkinleştirilmemiş. Lütfen e-posta adresinize gönderilen bağlantı ile etkinleştirmeyi tamamlayınız.',
  RESTART_ASSISTANT: 'Sunucu hatası oluştu. Lütfen Kolay Asistan uygulamasını yeniden başlatınız.',
  RECETE_FOUND_PRESS_VIEW: 'Reçete bulundu. Görüntülemek için Görüntüle butonuna basınız.',
  E_ARCHIVE_CANCEL_AFTER_7_DAYS:
    'e-Arşiv faturaların 7 günden sonra iptal edilmesi mevzuat gereği önerilmemektedir; sorumluluk mükellefe aittir.',
  ACCOUNT_CREATED_FOLLOW_LINK:
    'Hesabınız oluşturuldu. Lütfen e-posta adresinize gönderilen bağlantıyı takip ederek hesabınızı etkinleştiriniz.',

  LOGIN_SUCCESS: 'Hoş geldiniz! Giriş işlemi başarılı.',
  PASSWORD_RESET_SUCCESS: 'Şifre sıfırlama işlemi başarılı.',
  ACCOUNT_ACTIVATED: 'Hesabınız etkinleştirildi.',
  RESET_MAIL_SENT: 'Şifre sıfırlama e-postası gönderildi.',
  ACTIVATION_MAIL_SENT: 'Etkinleştirme e-postası gönderildi.',
  ACTIVATION_SMS_SENT: 'Etkinleştirme SMS’i gönderildi.',
  PASSWORD_SENT_BY_SMS: 'Şifreniz telefonunuza SMS olarak gönderildi.',
  ADDED: 'Başarıyla eklendi.',
  UPDATED: 'Başarıyla güncellendi.',
  DELETED: 'Başarıyla silindi.',
  SAVED: 'Başarıyla kaydedildi.',
  CANCELLED: 'Başarıyla iptal edildi.',
  COMPANY_ADDED: 'Firma başarıyla eklendi.',
  COMPANY_SET_PASSIVE: 'Firma pasif duruma getirildi.',
  COMPANY_FILE_UPDATED: 'Firma bilgileri başarıyla güncellendi.',
} as const;

/** Every user-facing text, by name. */
export const MESSAGES = { ...SEED_TEXTS, ...AUTHORED_TEXTS } as const;
export type MessageKey = keyof typeof MESSAGES;

/**
 * Company file update result rule (seeds 000 §8): a result whose part before the first "/" is
 * "0" is an error carrying the result text; anything else is a success.
 */
export function isCompanyFileUpdateError(result: string | null | undefined): boolean {
  return typeof result === 'string' && /^\s*0\s*\//.test(result);
}
