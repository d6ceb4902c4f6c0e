import { useTranslation } from 'react-i18next';
import { messages } from './messages';

type I18nLike = { addResourceBundle(lng: string, ns: string, resources: object, deep?: boolean, overwrite?: boolean): unknown };
const filled = new WeakSet<object>();

/**
 * The plugin's texts for its lazily loaded screens: the sign-in bundle carries only the menu's
 * titles (index.ts); the rest comes with the first screen that needs it and is added to the
 * `pharmacy` namespace of the workbench's i18n once.
 */
export function useTexts() {
  const r = useTranslation('pharmacy');
  const i18n = r.i18n as unknown as I18nLike & object;
  if (!filled.has(i18n)) {
    for (const [lang, texts] of Object.entries(messages)) i18n.addResourceBundle(lang, 'pharmacy', texts, true, true);
    filled.add(i18n);
  }
  return r;
}
