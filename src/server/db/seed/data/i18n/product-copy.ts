import { APP_NAME } from '../site.ts';
import type { Locale } from './types';

export type TextLocale = 'en' | Locale;

/**
 * The sentences a product description is built from, in every language. `name` is the
 * product's name, `phrase` what it is without the brand ("hydrating face cream 50ml").
 * Arabic sentences are worded so no verb or adjective has to agree with the product.
 */
export interface ProductCopy {
  intros: readonly ((name: string, brand: string, phrase: string) => string)[];
  highlights: string;
  soldBy: (shop: string) => string;
  shoeSizes: string;
  sizeChart: string;
  /** A product's short description: what it is, who makes it, its first feature. */
  from: (phrase: string, brand: string, feature: string) => string;
  published: (title: string, publisher: string, feature: string) => string;
  metaTitle: (name: string) => string;
}

export const PRODUCT_COPY: Record<TextLocale, ProductCopy> = {
  en: {
    intros: [
      (name) => `The ${name} is made for everyday use and built to last.`,
      (_name, brand, phrase) => `Designed by ${brand}, this ${phrase} combines quality materials with a clean, modern look.`,
      (name) => `Whether it is a gift or a treat for yourself, the ${name} will not disappoint.`,
      (_name, _brand, phrase) => `Customers keep coming back for this ${phrase}: reliable, good-looking and great value.`,
    ],
    highlights: 'Highlights',
    soldBy: (shop) => `Sold by ${shop}.`,
    shoeSizes: 'Order your usual shoe size (EU).',
    sizeChart: 'Check the size chart before you order.',
    from: (phrase, brand, feature) => `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)} from ${brand}. ${feature}.`,
    published: (title, publisher, feature) => `${title}, published by ${publisher}. ${feature}.`,
    metaTitle: (name) => `${name} | Buy online at ${APP_NAME}`,
  },
  ar: {
    intros: [
      (name) => `${name}: صناعة متقنة للاستخدام اليومي تدوم طويلاً.`,
      (_name, brand) => `من تصميم ${brand}، يجمع هذا المنتج بين خامات عالية الجودة ومظهر عصري أنيق.`,
      (name) => `سواء كنت تبحث عن هدية أو عن شيء لنفسك، فإن ${name} خيار لن تندم عليه.`,
      (_name, _brand, phrase) => `يعود العملاء مرة بعد مرة لشراء ${phrase}: منتج موثوق وأنيق وبقيمة ممتازة.`,
    ],
    highlights: 'أبرز المزايا',
    soldBy: (shop) => `البائع: ${shop}.`,
    shoeSizes: 'اطلب مقاس حذائك المعتاد (المقاس الأوروبي).',
    sizeChart: 'راجع جدول المقاسات قبل الطلب.',
    from: (phrase, brand, feature) => `${phrase} من ${brand}. ${feature}.`,
    published: (title, publisher, feature) => `${title}، صادر عن ${publisher}. ${feature}.`,
    metaTitle: (name) => `${name} | تسوّق عبر الإنترنت من ${APP_NAME}`,
  },
  ir: {
    intros: [
      (name) => `${name} برای استفادهٔ روزمره ساخته شده و سال‌ها دوام می‌آورد.`,
      (_name, brand) => `${brand} این محصول را با مواد باکیفیت و ظاهری ساده و امروزی طراحی کرده است.`,
      (name) => `چه برای هدیه و چه برای خودتان، ${name} انتخابی است که پشیمانتان نمی‌کند.`,
      (_name, _brand, phrase) => `مشتریان بارها برای خرید ${phrase} برمی‌گردند: محصولی مطمئن، خوش‌ظاهر و به‌صرفه.`,
    ],
    highlights: 'ویژگی‌های برجسته',
    soldBy: (shop) => `فروشنده: ${shop}.`,
    shoeSizes: 'همان سایز همیشگی کفشتان را (سایز اروپایی) سفارش دهید.',
    sizeChart: 'پیش از سفارش، جدول سایز را ببینید.',
    from: (phrase, brand, feature) => `${phrase} از ${brand}. ${feature}.`,
    published: (title, publisher, feature) => `${title}، از انتشارات ${publisher}. ${feature}.`,
    metaTitle: (name) => `${name} | خرید آنلاین از ${APP_NAME}`,
  },
};
