import { describe, expect, it } from 'vitest';
import { createI18n, LANGUAGES } from './index';
import { en } from './locales/en';
import { fr } from './locales/fr';
import { ru } from './locales/ru';
import { SHELL_SECTIONS, tr } from './locales/tr';
import { zh } from './locales/zh';

/** Every leaf key of a message tree, as dotted paths. */
function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)).sort();
}
/** Interpolation names used by a text ({{name}}). */
const vars = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const at = (tree: unknown, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], tree);

describe('kernel texts', () => {
  it('English has exactly the Turkish keys, auth included', () => {
    expect(keys(en)).toEqual(keys(tr));
    expect(keys(tr).filter((k) => k.startsWith('auth.')).length).toBeGreaterThan(10);
  });

  it('English texts use the same interpolations as the Turkish ones and are not empty', () => {
    for (const k of keys(tr)) {
      expect(vars(at(en, k)), k).toEqual(vars(at(tr, k)));
      expect(String(at(en, k)).trim(), k).not.toBe('');
    }
  });

  for (const [lang, messages] of Object.entries({ fr, ru, zh })) {
    it(`${lang} has every key of the shell-facing sections, with the same interpolations`, () => {
      for (const section of SHELL_SECTIONS) {
        expect(keys((messages as Record<string, unknown>)[section]), `${lang}.${section}`).toEqual(keys(tr[section]));
        for (const k of keys(tr[section])) {
          const path = `${section}.${k}`;
          expect(String(at(messages, path)).trim(), `${lang}.${path}`).not.toBe('');
          expect(vars(at(messages, path)), `${lang}.${path}`).toEqual(vars(at(tr, path)));
        }
      }
    });
  }

  it('keeps the Turkish texts the seeds quote verbatim, and says the English ones in Turkish', () => {
    expect(tr.shell.loading).toBe('Yükleniyor...');
    expect(tr.shell.favouritesLimit).toBe('Favorilere en fazla 3 sayfa ekleyebilirsiniz');
    expect(en.shell.favouritesLimit).toBe('You can only add 3 pages to favourites');
    expect(tr.notify).toMatchObject({ success: 'BAŞARILI', warning: 'UYARI', error: 'HATALI', forbiddenTitle: 'Yetki Hatası' });
    expect(tr.table).toMatchObject({ total: 'Toplam Kayıt:', perPage: '/ Sayfa' });
  });
});

describe('createI18n', () => {
  it('makes every language; fr, ru and zh translate the shell and fall back to English elsewhere', async () => {
    for (const lang of LANGUAGES) expect((await createI18n(lang)).language).toBe(lang);
    const frI18n = await createI18n('fr');
    expect(frI18n.t('shell.loading')).toBe('Chargement...');
    expect(frI18n.t('auth.signIn')).toBe(en.auth.signIn);
    expect((await createI18n('ru')).t('notify.error')).toBe('ОШИБКА');
    expect((await createI18n('zh')).t('table.search')).toBe('搜索');
    expect((await createI18n('tr')).t('shell.pageFinder')).toBe('Sayfa ara...');
  });
});
