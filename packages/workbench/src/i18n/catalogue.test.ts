import { describe, expect, it } from 'vitest';
import { SEED_TEXTS } from '@tezgah/core';
import { tr } from './locales/tr';
import { en } from './locales/en';

describe('the seeds\' texts', () => {
  it('are all in the Turkish texts, verbatim', () => {
    for (const [key, text] of Object.entries(SEED_TEXTS)) expect(tr.catalogue[key as keyof typeof SEED_TEXTS]).toBe(text);
    expect(Object.keys(en.catalogue).sort()).toEqual(Object.keys(SEED_TEXTS).sort());
  });

  it('are the very texts the shell shows', () => {
    expect(tr.notify.forbiddenTitle).toBe(SEED_TEXTS.PERMISSION_ERROR_TITLE);
    expect(tr.notify.error).toBe(SEED_TEXTS.ERROR_TITLE);
    expect(tr.notify.success).toBe(SEED_TEXTS.SUCCESS_TITLE);
    expect(tr.notify.warning).toBe(SEED_TEXTS.WARNING_TITLE);
    expect(tr.shell.loading).toBe(SEED_TEXTS.LOADING);
    expect(tr.shell.favouritesLimit).toBe(SEED_TEXTS.FAVOURITES_LIMIT);
    expect(tr.table.total).toBe(SEED_TEXTS.TOTAL_RECORDS);
    expect(tr.table.perPage).toBe(SEED_TEXTS.PER_PAGE);
    expect(tr.common.areYouSure).toBe(SEED_TEXTS.CONFIRM);
    expect(tr.common.yes).toBe(SEED_TEXTS.YES);
    expect(tr.common.no).toBe(SEED_TEXTS.NO);
    expect(tr.auth.loginFailed).toBe(SEED_TEXTS.LOGIN_FAILED);
    expect(tr.auth.checkCredentials).toBe(SEED_TEXTS.CHECK_CREDENTIALS);
  });
});
