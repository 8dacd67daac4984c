import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNITS } from '../server/db/seed/data/taxonomy';
import { TICKET_ISSUE_TYPES } from '../server/db/seed/data/site';
import { createTranslator } from './i18n';
import { languageTag, localeKeyForTag } from './locales';
import { PLURAL_SUFFIX, countLabel, pluralCategories, pluralForms } from './plural';

const MESSAGES_DIR = 'src/server/db/seed/messages';
const load = (locale: string) => JSON.parse(readFileSync(path.join(MESSAGES_DIR, `${locale}.json`), 'utf8')) as Record<string, string>;
const catalogues = { en: load('en'), ar: load('ar'), ir: load('ir') };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'seed' ? [] : sourceFiles(full);
    return /\.(ts|tsx|astro)$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** A catalogue's messages by their key without the plural suffix, with the plural forms each has. */
function messagesOf(messages: Record<string, string>): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const key of Object.keys(messages)) {
    const base = key.replace(PLURAL_SUFFIX, '');
    byKey.set(base, [...(byKey.get(base) ?? []), ...(base === key ? [] : [key.slice(base.length + 1)])]);
  }
  return byKey;
}

describe('message catalogues', () => {
  it('en, ar and ir have the same messages, none empty', () => {
    const keys = [...messagesOf(catalogues.en).keys()].sort();
    for (const [locale, messages] of Object.entries(catalogues)) {
      expect([...messagesOf(messages).keys()].sort(), locale).toEqual(keys);
      for (const [key, value] of Object.entries(messages)) expect(value.trim(), `${locale}: ${key}`).not.toBe('');
    }
  });

  it('a counted message has exactly the plural forms of each language (lib/plural.ts)', () => {
    const counted = [...messagesOf(catalogues.en)].filter(([, forms]) => forms.length > 0).map(([key]) => key);
    expect(counted).toContain('{{count}} items');
    for (const [locale, messages] of Object.entries(catalogues)) {
      const byKey = messagesOf(messages);
      for (const key of counted) {
        expect(byKey.get(key)?.sort(), `${locale}: ${key}`).toEqual([...pluralCategories(locale)].sort());
      }
    }
  });

  it('every translation keeps the placeholders of its key (a singular form may spell out its one or two)', () => {
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const [locale, messages] of Object.entries(catalogues)) {
      for (const [key, value] of Object.entries(messages)) {
        const form = PLURAL_SUFFIX.exec(key)?.[1];
        const wanted = placeholders(key.replace(PLURAL_SUFFIX, ''));
        const spelled = form === 'zero' || form === 'one' || form === 'two';
        expect(placeholders(value), `${locale}: ${key}`).toEqual(spelled && !value.includes('{{count}}') ? wanted.filter((name) => name !== '{{count}}') : wanted);
      }
    }
  });

  it('writes digits as Latin digits in every language (the digit rule, lib/locales.ts intlLocale)', () => {
    for (const [locale, messages] of Object.entries(catalogues)) {
      for (const [key, value] of Object.entries(messages)) expect(value, `${locale}: ${key}`).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    }
  });

  it('has the units of measure and ticket issue types the shop stores by their English name', () => {
    for (const name of [...UNITS, ...TICKET_ISSUE_TYPES]) for (const [locale, messages] of Object.entries(catalogues)) expect(messages[name], `${locale}: ${name}`).toBeTruthy();
  });

  it('every string the code translates with a literal key is in the catalogue', () => {
    const used = new Set<string>();
    for (const file of sourceFiles('src')) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)+)'/g)) used.add(match[1]!.replace(/\\'/g, "'"));
      for (const match of text.matchAll(/new ApiError\(\s*\d+,\s*'((?:[^'\\]|\\.)+)'/g)) used.add(match[1]!.replace(/\\'/g, "'"));
      for (const match of text.matchAll(/\berror:\s*'((?:[^'\\]|\\.)+)'/g)) used.add(match[1]!.replace(/\\'/g, "'"));
      for (const match of text.matchAll(/\[\s*'(The (?:selected )?\{\{attribute\}\}[^']*)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((key) => !(key in catalogues.en) && !(`${key}_other` in catalogues.en));
    expect(missing).toEqual([]);
  });
});

describe('createTranslator', () => {
  it('translates by English source text and interpolates', () => {
    const t = createTranslator('ar', { 'The {{attribute}} field is required.': 'حقل {{attribute}} مطلوب.' });
    expect(t('The {{attribute}} field is required.', { attribute: 'name' })).toBe('حقل name مطلوب.');
  });

  it('falls back to the English text for a missing key', () => {
    expect(createTranslator('ar', {})('Cart is empty')).toBe('Cart is empty');
  });
});

describe('locale keys and language tags', () => {
  it('the shop\'s Persian key "ir" is the language tag "fa"; other keys are their own tag', () => {
    expect(languageTag('ir')).toBe('fa');
    expect(languageTag('en')).toBe('en');
    expect(languageTag('ar')).toBe('ar');
  });

  it("a browser's language tag maps back to the shop's key", () => {
    expect(localeKeyForTag('fa')).toBe('ir');
    expect(localeKeyForTag('fa-IR')).toBe('ir');
    expect(localeKeyForTag('ar-EG')).toBe('ar');
    expect(localeKeyForTag('EN-gb')).toBe('en');
  });
});

describe('createTranslator', () => {
  it('is shared by every request for the same messages and language, and follows new messages', () => {
    const messages = { Cart: 'السلة', 'Hello {{name}}': 'مرحبا {{name}}', '{{count}} items': '{{count}} عناصر' };
    const t = createTranslator('ar', messages);
    expect(createTranslator('ar', messages)).toBe(t);
    expect(t('Cart')).toBe('السلة');
    expect(t('Cart')).toBe('السلة');
    // Options still interpolate after plain lookups of the same key were remembered.
    expect(t('Hello {{name}}')).toBe('مرحبا {{name}}');
    expect(t('Hello {{name}}', { name: 'Ali' })).toBe('مرحبا Ali');
    expect(t('{{count}} items', { count: 3 })).toBe('3 عناصر');
    // A missing key falls back to the English source.
    expect(t('Checkout')).toBe('Checkout');
    // An editor's change gives a new messages object (CACHE.messages), so a new translator.
    const edited = { ...messages, Cart: 'عربة التسوق' };
    expect(createTranslator('ar', edited)('Cart')).toBe('عربة التسوق');
  });
});

describe('plural forms (lib/plural.ts)', () => {
  const t = (locale: string) => createTranslator(locale, load(locale));

  it("pick the form of each language's rules on the server", () => {
    expect([0, 1, 2, 5].map((count) => t('en')('{{count}} items', { count }))).toEqual(['0 items', '1 item', '2 items', '5 items']);
    expect([0, 1, 2, 3, 11, 100].map((count) => t('ar')('{{count}} items', { count }))).toEqual(['0 منتج', 'منتج واحد', 'منتجان', '3 منتجات', '11 منتجًا', '100 منتج']);
    expect([0, 1, 7].map((count) => t('ir')('{{count}} items', { count }))).toEqual(['0 کالا', '1 کالا', '7 کالا']);
  });

  it("hand the page language's forms to islands, which pick the same one", () => {
    for (const locale of ['en', 'ar', 'ir']) {
      const forms = pluralForms(t(locale), locale, 'My Cart ({{count}} items)');
      expect(Object.keys(forms.forms).sort()).toEqual([...pluralCategories(locale)].sort());
      for (const count of [0, 1, 2, 3, 4, 11, 25, 100, 101]) expect(countLabel(forms, count), `${locale} ${count}`).toBe(t(locale)('My Cart ({{count}} items)', { count }));
    }
  });

  it('fall back to the plain message where a catalogue has no plural forms for it', () => {
    const plain = createTranslator('ar', { 'Cart ({{count}})': 'السلة ({{count}})' });
    expect(countLabel(pluralForms(plain, 'ar', 'Cart ({{count}})'), 4)).toBe('السلة (4)');
  });
});
