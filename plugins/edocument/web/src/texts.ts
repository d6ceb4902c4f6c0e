import { useTranslation } from 'react-i18next';
import { messages } from './messages';

type I18nLike = { addResourceBundle(lng: string, ns: string, resources: object, deep?: boolean, overwrite?: boolean): unknown };
const filled = new WeakSet<object>();

/**
 * The plugin's texts for its lazily loaded screens. The sign-in bundle carries only the menu's and
 * the widget's titles (index.ts); the rest (about 5 KB gzip) comes with the first screen that
 * needs it and is added to the `edocument` namespace of the workbench's i18n once.
 */
export function useTexts() {
  const r = useTranslation('edocument');
  const i18n = r.i18n as unknown as I18nLike & object;
  if (!filled.has(i18n)) {
    for (const [lang, texts] of Object.entries(messages)) i18n.addResourceBundle(lang, 'edocument', texts, true, true);
    filled.add(i18n);
  }
  return r;
}
