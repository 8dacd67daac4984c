import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n';
import { languageTag, localeKeyForTag } from './locales';

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

describe('message catalogues', () => {
  it('en, ar and ir have the same keys, none empty', () => {
    const keys = Object.keys(catalogues.en).sort();
    for (const [locale, messages] of Object.entries(catalogues)) {
      expect(Object.keys(messages).sort(), locale).toEqual(keys);
      for (const [key, value] of Object.entries(messages)) expect(value.trim(), `${locale}: ${key}`).not.toBe('');
    }
  });

  it('every translation keeps the placeholders of its key', () => {
    for (const [locale, messages] of Object.entries(catalogues)) {
      for (const [key, value] of Object.entries(messages)) {
        const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(placeholders(value), `${locale}: ${key}`).toEqual(placeholders(key));
      }
    }
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
    const missing = [...used].filter((key) => !(key in catalogues.en));
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
