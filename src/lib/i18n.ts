import i18next, { type TFunction } from 'i18next';
import { languageTag } from './locales.ts';

export type Messages = Record<string, string>;
export type Translate = TFunction;

/**
 * Keys are the English source strings (as `/lang/{locale}` serves them), so a missing
 * translation falls back to readable English. Shared by the server and the islands.
 */
// Translators by messages object and language: the server's message maps are cached
// objects (CACHE.messages), so every request in a language shares one translator.
const translators = new WeakMap<Messages, Map<string, Translate>>();

export function createTranslator(locale: string, messages: Messages): Translate {
  let byLocale = translators.get(messages);
  if (!byLocale) translators.set(messages, (byLocale = new Map()));
  let translate = byLocale.get(locale);
  if (!translate) byLocale.set(locale, (translate = buildTranslator(locale, messages)));
  return translate;
}

function buildTranslator(locale: string, messages: Messages): Translate {
  const instance = i18next.createInstance();
  // The language tag ("fa" for the shop's "ir"), so plural keys follow the language's own rules (lib/plural.ts).
  const lng = languageTag(locale);
  void instance.init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { translation: messages } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // A page asks for the same few hundred plain strings on every render: each is looked up once.
  const plain = new Map<string, string>();
  const translate = (key: string | string[], ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return (instance.t as unknown as (...args: unknown[]) => string)(key, ...rest);
    let text = plain.get(key);
    if (text === undefined) plain.set(key, (text = instance.t(key)));
    return text;
  };
  return translate as unknown as Translate;
}
