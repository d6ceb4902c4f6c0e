import { describe, expect, it } from 'vitest';
import { SEED_TEXTS, SEED_TEXTS_TR, TURKISH_FOR_ENGLISH_SEED_TEXTS } from '@tezgah/core';
import { tr } from './locales/tr';
import { en } from './locales/en';
import accounting from '../../../../plugins/accounting/web/src/index';
import { tr as settingsTr, en as settingsEn } from '../../../../plugins/settings/web/src/messages';
import { tr as managementTr } from '../../../../plugins/management/web/src/messages';

/** The seed texts the seeds give in English: the English locale's texts. */
const ENGLISH_SEED_TEXTS = Object.keys(TURKISH_FOR_ENGLISH_SEED_TEXTS).map((k) => SEED_TEXTS[k as keyof typeof SEED_TEXTS]);

/** Every string in a nested bundle of texts. */
function strings(bundle: unknown): string[] {
  if (typeof bundle === 'string') return [bundle];
  if (bundle && typeof bundle === 'object') return Object.values(bundle).flatMap(strings);
  return [];
}

describe('the seeds\' texts', () => {
  it('are in the Turkish texts, Turkish ones verbatim and English ones in Turkish', () => {
    for (const [key, text] of Object.entries(SEED_TEXTS_TR)) expect(tr.catalogue[key as keyof typeof SEED_TEXTS]).toBe(text);
    expect(Object.keys(en.catalogue).sort()).toEqual(Object.keys(SEED_TEXTS).sort());
  });

  it('the seeds quote in English are the English locale\'s, verbatim', () => {
    for (const key of Object.keys(TURKISH_FOR_ENGLISH_SEED_TEXTS)) expect(en.catalogue[key as keyof typeof SEED_TEXTS]).toBe(SEED_TEXTS[key as keyof typeof SEED_TEXTS]);
    expect(en.shell.favouritesLimit).toBe('You can only add 3 pages to favourites');
    expect(en.auth.passwordsDoNotMatch).toBe('Your passwords do not match!');
    expect(en.auth.invalidEmail).toBe('Wrong e-mail format');
    expect(en.auth.activate.failed).toBe('Unfortunately, your activation could not be completed');
    expect(settingsEn.validation.email).toBe('Wrong e-mail format');
  });

  it('no Turkish text of the kernel or a plugin is an English seed text', () => {
    const turkish = [
      ...strings(tr),
      ...strings(settingsTr),
      ...strings(managementTr),
      ...strings(accounting.messages?.tr),
    ];
    expect(turkish.length).toBeGreaterThan(300);
    for (const english of ENGLISH_SEED_TEXTS) expect(turkish.filter((t) => t === english), english).toEqual([]);
    expect(tr.shell.favouritesLimit).toBe('Favorilere en fazla 3 sayfa ekleyebilirsiniz');
    expect(tr.auth.passwordsDoNotMatch).toBe('Şifreleriniz eşleşmiyor!');
    expect(tr.auth.activate.failed).toBe('Maalesef etkinleştirme işleminiz tamamlanamadı');
  });

  it('are the very texts the shell shows', () => {
    expect(tr.notify.forbiddenTitle).toBe(SEED_TEXTS.PERMISSION_ERROR_TITLE);
    expect(tr.notify.error).toBe(SEED_TEXTS.ERROR_TITLE);
    expect(tr.notify.success).toBe(SEED_TEXTS.SUCCESS_TITLE);
    expect(tr.notify.warning).toBe(SEED_TEXTS.WARNING_TITLE);
    expect(tr.shell.loading).toBe(SEED_TEXTS.LOADING);
    expect(tr.shell.favouritesLimit).toBe(SEED_TEXTS_TR.FAVOURITES_LIMIT);
    expect(tr.table.total).toBe(SEED_TEXTS.TOTAL_RECORDS);
    expect(tr.table.perPage).toBe(SEED_TEXTS.PER_PAGE);
    expect(tr.common.areYouSure).toBe(SEED_TEXTS.CONFIRM);
    expect(tr.common.yes).toBe(SEED_TEXTS.YES);
    expect(tr.common.no).toBe(SEED_TEXTS.NO);
    expect(tr.auth.loginFailed).toBe(SEED_TEXTS.LOGIN_FAILED);
    expect(tr.auth.checkCredentials).toBe(SEED_TEXTS.CHECK_CREDENTIALS);
  });
});
