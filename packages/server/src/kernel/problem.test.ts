import { describe, expect, it } from 'vitest';
import { SEED_TEXTS, SEED_TEXTS_TR } from '@tezgah/core';
import { Problem, PROBLEM_TEXTS, problemLanguage, problems } from './problem';

describe('problemLanguage', () => {
  it('is Turkish unless the request prefers English', () => {
    expect(problemLanguage(undefined)).toBe('tr');
    expect(problemLanguage('')).toBe('tr');
    expect(problemLanguage('tr-TR,tr;q=0.9')).toBe('tr');
    expect(problemLanguage('en')).toBe('en');
    expect(problemLanguage('en-US,en;q=0.9')).toBe('en');
    expect(problemLanguage('fr, en;q=0.8')).toBe('en');
    expect(problemLanguage('tr;q=0.5, en;q=0.9')).toBe('en');
    expect(problemLanguage('en;q=0, tr')).toBe('tr');
    expect(problemLanguage('de')).toBe('tr');
    expect(problemLanguage('en;q=abc')).toBe('tr');
  });
});

describe('a problem in the request\'s language', () => {
  const samePercentage = problems.conflict(SEED_TEXTS.SAME_TAX_PERCENTAGE_EXISTS, 'TAX_PERCENTAGE_EXISTS', 'percentage');

  it('says the seeds\' English texts in Turkish by default, title and field errors alike', () => {
    const body = samePercentage.toBody('/x');
    expect(body).toMatchObject({ title: 'Çakışma', detail: 'Aynı vergi oranı zaten var', code: 'TAX_PERCENTAGE_EXISTS', instance: '/x' });
    expect(body.fieldErrors).toEqual([{ field: 'percentage', message: 'Aynı vergi oranı zaten var', code: 'TAX_PERCENTAGE_EXISTS' }]);
  });

  it('says them as the seeds do when English is asked for', () => {
    const body = samePercentage.toBody(undefined, 'en');
    expect(body).toMatchObject({ title: 'Conflict', detail: 'Same tax percentage already exists' });
    expect(body.fieldErrors![0]!.message).toBe('Same tax percentage already exists');
    expect(problems.forbidden().toBody(undefined, 'en').title).toBe('Permission error');
    expect(problems.forbidden().toBody().title).toBe('Yetki Hatası');
    expect(problems.loginFailed().toBody(undefined, 'en')).toMatchObject({ title: 'Sign-in failed', detail: 'Please check your details and try again.' });
  });

  it('translates field errors by their own code inside a generic problem', () => {
    const p = problems.badRequest('x', [
      { field: 'user.email', message: 'Wrong e-mail format', code: 'EMAIL' },
      { field: 'user.repeatPassword', message: 'Your passwords do not match!', code: 'PASSWORD_MISMATCH' },
      { field: 'name', message: 'Ad zorunludur.', code: 'REQUIRED' },
    ]);
    expect(p.toBody().fieldErrors!.map((f) => f.message)).toEqual(['Hatalı e-posta biçimi', 'Şifreleriniz eşleşmiyor!', 'Ad zorunludur.']);
    expect(p.toBody(undefined, 'en').fieldErrors!.map((f) => f.message)).toEqual(['Wrong e-mail format', 'Your passwords do not match!', 'Ad zorunludur.']);
    expect(p.toBody().title).toBe('Geçersiz istek');
    expect(p.toBody(undefined, 'en').title).toBe('Bad request');
  });

  it('knows titles shared by several codes, and leaves unknown texts alone', () => {
    const failed = new Problem(400, SEED_TEXTS.ACTIVATION_FAILED, { code: 'INCORRECT_OTP', detail: 'Anahtar geçersiz.' });
    expect(failed.toBody().title).toBe('Maalesef etkinleştirme işleminiz tamamlanamadı');
    expect(failed.toBody(undefined, 'en').title).toBe('Unfortunately, your activation could not be completed');
    expect(new Problem(409, 'Özel başlık', { code: 'X', detail: 'Özel metin' }).toBody(undefined, 'en')).toMatchObject({ title: 'Özel başlık', detail: 'Özel metin' });
  });

  it('has both languages for every catalogued text, and no Turkish text equal to its English seed text', () => {
    const english = new Set<string>(Object.values(SEED_TEXTS).filter((t, i) => SEED_TEXTS_TR[Object.keys(SEED_TEXTS)[i] as keyof typeof SEED_TEXTS] !== t));
    for (const [code, entry] of Object.entries(PROBLEM_TEXTS)) {
      for (const both of [entry.title, entry.message]) {
        if (!both) continue;
        expect(both.tr.trim(), code).not.toBe('');
        expect(both.en.trim(), code).not.toBe('');
        expect(both.tr, code).not.toBe(both.en);
        expect(english.has(both.tr), code).toBe(false);
      }
    }
    expect(PROBLEM_TEXTS.NO_CHANGES!.message).toEqual({ tr: 'Herhangi bir değişiklik yapmadınız!', en: 'You made no changes!' });
    expect(PROBLEM_TEXTS.CURRENT_IN_LIST!.message!.tr).not.toBe(PROBLEM_TEXTS.PRODUCT_IN_LIST!.message!.tr);
  });
});

describe('errors the database raises', () => {
  it('answers a deadlock or a serialization failure as a conflict to retry, nothing written', async () => {
    const { toProblem } = await import('./app');
    for (const code of ['40P01', '40001']) {
      const p = toProblem(Object.assign(new Error('deadlock detected'), { code }));
      expect([p.status, p.code, p.headers]).toEqual([409, 'CONCURRENT_CONFLICT', { 'retry-after': '1' }]);
      expect(p.toBody('/x', 'en')).toMatchObject({ title: 'Concurrent change', detail: 'Another change to the same records got in the way; nothing was written. Try again.' });
    }
  });

  it('answers a kept statement whose table another server changed as a moment to retry; another 0A000 stays a server error', async () => {
    const { toProblem } = await import('./app');
    const stale = toProblem(Object.assign(new Error('cached plan must not change result type'), { code: '0A000' }));
    expect([stale.status, stale.code, stale.headers]).toEqual([503, 'SCHEMA_CHANGED', { 'retry-after': '1' }]);
    expect(stale.toBody('/x', 'en')).toMatchObject({ title: 'Database being updated' });
    expect(stale.toBody('/x', 'tr')).toMatchObject({ title: 'Veritabanı güncelleniyor', detail: expect.stringContaining('hiçbir şey yazılmadı') });
    expect(toProblem(Object.assign(new Error('FOR UPDATE is not allowed with aggregate functions'), { code: '0A000' })).status).toBe(500);
  });
});

describe('extension members', () => {
  it('carries them beside the standard members, which they never replace', () => {
    const p = new Problem(409, 'Çakışma', { code: 'LIST_LOOKS_PARTIAL', detail: 'Eksik.', extensions: { counts: { WITHDRAWN: 3 }, withdraw: { count: 3 }, status: 200, title: 'x', detail: 'y' } });
    expect(p.toBody('/x', 'en')).toEqual({
      counts: { WITHDRAWN: 3 }, withdraw: { count: 3 },
      type: 'https://tezgah.dev/problems/list-looks-partial', title: 'Conflict', status: 409, detail: 'Eksik.', code: 'LIST_LOOKS_PARTIAL', instance: '/x',
    });
    expect(new Problem(400, 'Geçersiz istek', { extensions: { detail: 'y' } }).toBody()).toEqual({ type: 'about:blank', title: 'Geçersiz istek', status: 400 });
  });
});

describe('refusals of an outside plugin', () => {
  it('answers an error named TezgahProblem with a 4xx status as that problem, field errors and all', async () => {
    const { toProblem } = await import('./app');
    const thrown = Object.assign(new Error('Not bu adla var.'), {
      name: 'TezgahProblem', status: 409, title: 'Çakışma', detail: 'Bu adla bir not var.', code: 'NOTE_EXISTS',
      fieldErrors: [{ field: 'title', message: 'Bu adla bir not var.', code: 'DUPLICATE' }, { nonsense: true }],
    });
    const p = toProblem(thrown);
    expect([p.status, p.title, p.detail, p.code, p.fieldErrors]).toEqual([409, 'Çakışma', 'Bu adla bir not var.', 'NOTE_EXISTS', [{ field: 'title', message: 'Bu adla bir not var.', code: 'DUPLICATE' }]]);
  });

  it('leaves a 5xx, a status that is not a number and an unnamed error to be a 500', async () => {
    const { toProblem } = await import('./app');
    for (const e of [
      Object.assign(new Error('x'), { name: 'TezgahProblem', status: 503, title: 'Down' }),
      Object.assign(new Error('x'), { name: 'TezgahProblem', status: '400', title: 'Bad' }),
      Object.assign(new Error('x'), { status: 400, title: 'Bad' }),
    ]) expect(toProblem(e).status).toBe(500);
  });
});
