import { describe, expect, it } from 'vitest';
import { AUTHORED_TEXTS, isCompanyFileUpdateError, MESSAGES, SEED_TEXTS, SEED_TEXTS_TR, TURKISH_FOR_ENGLISH_SEED_TEXTS, WIRE_TEXT_KEYS } from './messages';

/** Every text quoted in the seeds (000 §2, §4, §5, §8, §9 and 001 §5, §8), copied verbatim. */
const QUOTED_IN_SEEDS = [
  'Yetki Hatası',
  'No Its Access Token',
  'HATALI',
  'BAŞARILI',
  'UYARI',
  'Giriş işlemi başarısız oldu',
  'Lütfen kullanıcı bilgilerinizi kontrol edip tekrar deneyiniz.',
  'Şifre Sıfırlama işlemi başarısız!',
  'Firma bilgileri güncellenme işlemi başarısız!',
  'Reçete bulunamadı',
  'Sıralama işleminde hata oluştu!',
  'Yevmiye fişleri sırasız!',
  'Selected product exists in the list',
  'Same tax percentage already exists',
  'Defined fiscal year not found',
  'Cannot add new journal for the active fiscal year',
  'You can only add 3 pages to favourites',
  'Only one online payment per sale',
  'Daily excel download limited to twice a day',
  'No invoice found in the given date range',
  'Invoice date range empty',
  'Wrong e-mail format',
  'Not found in the tax-professionals registry',
  'Please complete the missing information on the company settings page',
  'Internal Server Error',
  'Username or password is wrong',
  'Medulaya giriş işlemi başarısız oldu',
  'Majistral medicine saved',
  'could not be saved',
  'Unfortunately, your activation could not be completed',
  'Congratulations',
  'Your passwords do not match!',
  'You made no changes!',
  'Please choose a medicine',
  'Emin misiniz?',
  'ITS iptali de beraberinde yapılsın mı?',
  'Evet',
  'Hayır',
  'Yükleniyor...',
  'Toplam Kayıt:',
  '/ Sayfa',
];

describe('SEED_TEXTS', () => {
  it('contains every quoted seed text verbatim, and nothing else', () => {
    expect(Object.values(SEED_TEXTS).sort()).toEqual([...QUOTED_IN_SEEDS].sort());
  });

  it('names the texts the way callers expect', () => {
    expect(MESSAGES.PERMISSION_ERROR_TITLE).toBe('Yetki Hatası');
    expect(MESSAGES.ERROR_TITLE).toBe('HATALI');
    expect(MESSAGES.SUCCESS_TITLE).toBe('BAŞARILI');
    expect(MESSAGES.WARNING_TITLE).toBe('UYARI');
    expect(MESSAGES.LOGIN_FAILED).toBe('Giriş işlemi başarısız oldu');
    expect(MESSAGES.CHECK_CREDENTIALS).toBe('Lütfen kullanıcı bilgilerinizi kontrol edip tekrar deneyiniz.');
    expect(MESSAGES.RESET_FAILED).toBe('Şifre Sıfırlama işlemi başarısız!');
    expect(MESSAGES.PASSWORDS_DO_NOT_MATCH).toBe('Your passwords do not match!');
    expect(MESSAGES.WRONG_EMAIL_FORMAT).toBe('Wrong e-mail format');
    expect(MESSAGES.NO_CHANGES).toBe('You made no changes!');
    expect(MESSAGES.NO_ITS_ACCESS_TOKEN).toBe('No Its Access Token');
    expect(MESSAGES.ACTIVATION_SUCCESS).toBe('Congratulations');
    expect(MESSAGES.ACTIVATION_FAILED).toBe('Unfortunately, your activation could not be completed');
    expect(MESSAGES.FAVOURITES_LIMIT).toBe('You can only add 3 pages to favourites');
  });
});

/** The seed texts that are English sentences (the rest are Turkish, or wire markers). */
const ENGLISH_IN_SEEDS = [
  'Username or password is wrong', 'Your passwords do not match!', 'Wrong e-mail format', 'Congratulations',
  'Unfortunately, your activation could not be completed', 'Please complete the missing information on the company settings page',
  'Not found in the tax-professionals registry', 'Majistral medicine saved', 'could not be saved', 'Please choose a medicine',
  'Defined fiscal year not found', 'Cannot add new journal for the active fiscal year', 'Selected product exists in the list',
  'Same tax percentage already exists', 'You made no changes!', 'You can only add 3 pages to favourites',
  'Only one online payment per sale', 'Daily excel download limited to twice a day', 'No invoice found in the given date range',
  'Invoice date range empty',
];

describe('SEED_TEXTS_TR', () => {
  it('says every English seed text in Turkish, and keeps the Turkish ones and the wire markers verbatim', () => {
    const english = new Set(ENGLISH_IN_SEEDS);
    for (const [key, text] of Object.entries(SEED_TEXTS)) {
      const tr = SEED_TEXTS_TR[key as keyof typeof SEED_TEXTS];
      if (english.has(text)) expect(tr, key).not.toBe(text);
      else expect(tr, key).toBe(text);
    }
    expect(Object.keys(TURKISH_FOR_ENGLISH_SEED_TEXTS)).toHaveLength(ENGLISH_IN_SEEDS.length);
    for (const k of WIRE_TEXT_KEYS) expect(SEED_TEXTS_TR[k]).toBe(SEED_TEXTS[k]);
    expect(SEED_TEXTS_TR.SAME_TAX_PERCENTAGE_EXISTS).toBe('Aynı vergi oranı zaten var');
  });
});

describe('MESSAGES', () => {
  it('merges seed and authored texts without overriding any', () => {
    const seedKeys = Object.keys(SEED_TEXTS);
    const authoredKeys = Object.keys(AUTHORED_TEXTS);
    expect(seedKeys.filter((k) => authoredKeys.includes(k))).toEqual([]);
    expect(Object.keys(MESSAGES)).toHaveLength(seedKeys.length + authoredKeys.length);
  });

  it('has no empty text', () => {
    for (const text of Object.values(MESSAGES)) expect(text.trim()).not.toBe('');
  });
});

describe('isCompanyFileUpdateError', () => {
  it('treats a result starting with 0 before a slash as an error', () => {
    expect(isCompanyFileUpdateError('0/Dosya okunamadı')).toBe(true);
    expect(isCompanyFileUpdateError(' 0 / hata')).toBe(true);
  });

  it('treats anything else as success', () => {
    expect(isCompanyFileUpdateError('1/Güncellendi')).toBe(false);
    expect(isCompanyFileUpdateError('10/ok')).toBe(false);
    expect(isCompanyFileUpdateError('0')).toBe(false);
    expect(isCompanyFileUpdateError('OK')).toBe(false);
    expect(isCompanyFileUpdateError(null)).toBe(false);
  });
});
