import i18next, { type TFunction } from 'i18next';

export type Messages = Record<string, string>;
export type Translate = TFunction;

/**
 * Keys are the English source strings (as `/lang/{locale}` serves them), so a missing
 * translation falls back to readable English. Shared by the server and the islands.
 */
export function createTranslator(locale: string, messages: Messages): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance.t;
}
