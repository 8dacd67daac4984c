import { describe, expect, it } from 'vitest';
import { CATEGORIES, nounModifiers, type NounDef, type SubCategoryDef } from './data/taxonomy';
import { compatibleModifiers, productName, repeatedWord, TEXT_LOCALES, type NameKind } from './product-text';
import { localSlug } from './util';

const kindOf = (slug: string): NameKind => (slug === 'books' ? 'book' : slug === 'electronics' ? 'model' : 'plain');
const nouns = CATEGORIES.flatMap((category) => category.subs.flatMap((sub: SubCategoryDef) => sub.nouns.map((noun: NounDef) => ({ category, sub, noun }))));
const noun = (name: string) => nouns.find((entry) => entry.noun.name === name)!;

describe('product names (docs/product.md §9.1)', () => {
  it('finds a doubled word in any language, ignoring little words and the Arabic article', () => {
    expect(repeatedWord('Maison Lila Sterling Sterling Silver Ring', 'en')).toBe('sterling');
    expect(repeatedWord('Atlas Leather Full-Grain Leather Tote Bag', 'en')).toBe('leather');
    expect(repeatedWord('حقيبة توت من الجلد النباتي من جلد أطلس', 'ar')).toBe('جلد');
    expect(repeatedWord('کیف پول تاشو از چرم گیاهی از برند چرم', 'ir')).toBe('چرم');
    expect(repeatedWord('Salt and Saffron (Hardcover)', 'en')).toBeNull();
    expect(repeatedWord('حقيبة توت من الجلد النباتي من أطلس ليذر', 'ar')).toBeNull();
  });

  it('never gives a noun a modifier that repeats one of its words or its brand’s, in any language', () => {
    expect(compatibleModifiers('plain', 'Atlas Leather', 'Tote Bag', ['Vegan Leather', 'Full-Grain Leather', 'Canvas'])).toEqual(['Canvas']);
    // "Family Family Card Game"; Arabic «ساموراي من ورق (غلاف ورقي)» is fine, Persian «جلد ۱ (جلد …)» was not.
    expect(compatibleModifiers('plain', 'Playnest', 'Family Card Game', ['Family', 'Party'])).toEqual(['Party']);
    for (const { category, sub, noun: def } of nouns) {
      const kind = kindOf(category.slug);
      for (const brand of sub.brands) {
        const allowed = compatibleModifiers(kind, brand, def.name, nounModifiers(sub, def));
        expect(allowed.length, `${brand} ${def.name} has no modifier that fits`).toBeGreaterThan(0);
        for (const modifier of allowed) {
          for (const locale of TEXT_LOCALES) {
            const name = productName({ kind, brand, noun: def.name, modifier, code: 'K42' }, locale);
            expect(repeatedWord(name, locale), name).toBeNull();
          }
        }
      }
    }
  });

  it('composes each language in its own order', () => {
    const words = { kind: 'plain' as const, brand: 'HearthWare', noun: 'Air Fryer 5.5L', modifier: 'Digital', code: '' };
    expect(productName(words, 'en')).toBe('HearthWare Digital Air Fryer 5.5L');
    // Arabic: noun, adjective agreeing with it (feminine), size, then the maker.
    expect(productName(words, 'ar')).toBe('قلاية هوائية رقمية بسعة ٥٫٥ لتر من هارثوير');
    expect(productName(words, 'ir')).toBe('سرخ‌کن بدون روغن دیجیتال هارث‌ور ۵٫۵ لیتری');
    const masculine = { ...words, noun: 'High-Speed Blender' };
    expect(productName(masculine, 'ar')).toBe('خلاط عالي السرعة رقمي من هارثوير');
    // Electronics: a model line follows the brand; Persian names the model.
    const phone = { kind: 'model' as const, brand: 'Voltix', noun: 'Smartphone 128GB', modifier: 'Pro', code: 'K42' };
    expect(productName(phone, 'en')).toBe('Voltix Pro K42 Smartphone 128GB');
    expect(productName(phone, 'ar')).toBe('هاتف ذكي فولتيكس برو K42 بسعة ١٢٨ جيجابايت');
    expect(productName(phone, 'ir')).toBe('گوشی هوشمند ولتیکس مدل پرو K42 ظرفیت ۱۲۸ گیگابایت');
    // The Persian ezafe after a final vowel.
    expect(productName({ kind: 'plain', brand: 'Peakform', noun: 'Yoga Mat 6mm', modifier: 'Non-Slip', code: '' }, 'ir')).toBe('مت یوگای ضدلغزش پیک‌فرم ۶ میلی‌متری');
    expect(productName({ kind: 'book', brand: 'Penrose Books', noun: 'The Bread Book', modifier: 'Hardcover', code: '' }, 'ar')).toBe('كتاب الخبز (غلاف مقوّى)');
  });

  it('makes slugs in the language’s own script, with Latin digits and words split at the non-joiner', () => {
    expect(localSlug('قلاية هوائية رقمية بسعة ٥٫٥ لتر')).toBe('قلاية-هوائية-رقمية-بسعة-5-5-لتر');
    expect(localSlug('کوله‌پشتی کوهنوردی ۴۰ لیتری')).toBe('کوله-پشتی-کوهنوردی-40-لیتری');
    expect(localSlug('مقلاة مطلية بالسيراميك، ثلاثية الطبقات')).toBe('مقلاة-مطلية-بالسيراميك-ثلاثية-الطبقات');
  });

  it('draws every noun with a picture of what it is', () => {
    // The mix-ups the glyph per sub-category made: an air fryer shown as a kettle, overalls as a T-shirt.
    const table: [string, string][] = [
      ['Air Fryer 5.5L', 'airFryer'],
      ['Electric Kettle', 'kettle'],
      ['Espresso Machine', 'espresso'],
      ['2-Slice Toaster', 'toaster'],
      ['Denim Overalls', 'overalls'],
      ['Graphic Tee', 'shirt'],
      ['Pyjama Set', 'pyjamas'],
      ['Oxford Shirt', 'buttonShirt'],
      ['Chino Trousers', 'trousers'],
      ['Stacking Ring', 'ring'],
      ['Hoop Earrings', 'earrings'],
      ['Chronograph Watch', 'watch'],
      ['Smart Watch', 'smartwatch'],
      ['Wireless Earbuds', 'earbuds'],
      ['Bluetooth Speaker', 'speaker'],
      ['Webcam 1080p', 'webcam'],
      ['Power Bank 20000mAh', 'powerBank'],
      ['Cast Iron Skillet', 'pan'],
      ['Bookshelf', 'bookshelf'],
      ['Wall Clock', 'clock'],
      ['Vitamin C Serum 30ml', 'serum'],
      ['Ionic Hair Dryer', 'hairDryer'],
      ['Road Bike Helmet', 'helmet'],
      ['Mountain Bike 29"', 'bike'],
      ['Flip-Flops', 'sandal'],
      ['Plush Teddy Bear', 'bear'],
      ['Wooden Chess Set', 'chess'],
      ['Bananas', 'banana'],
      ['Free-Range Eggs (12)', 'egg'],
      ['Aquarium Starter Kit 60L', 'aquarium'],
      ['The Bread Book', 'book'],
    ];
    for (const [name, glyph] of table) expect(noun(name).noun.glyph, name).toBe(glyph);
  });
});
