import QRCode from 'qrcode';
import { bannerArt, blogArt, flashSaleArt, logoArt, monogramArt, paymentArt, personArt, productArt, socialArt, tileArt, wordmarkArt, type Art } from './art/index.ts';
import { BLOG_POSTS } from './data/blog.ts';
import { FLASH_SALES, SITE_ADS, SITE_BANNERS } from './data/promotions.ts';
import { SHOPS, shopCategories } from './data/shops.ts';
import { APP_NAME, APP_STORE_LINK, PAYMENT_GATEWAYS, SOCIAL_LINKS } from './data/site.ts';
import { CATEGORIES, type CategoryDef } from './data/taxonomy.ts';
import type { GlyphName } from './art/glyphs';
import { GENERIC_AVATARS, PRODUCT_IMAGE_VARIANTS, productImageKey, productImageName, type ImageSpec } from './images.ts';
import { slugify } from './util.ts';

/** Names of the images the seed refers to; the rows and the files come from these. */
export const imageNames = {
  category: (slug: string) => `category-${slug}`,
  subCategory: (slug: string) => `sub-${slug}`,
  brand: (name: string) => `brand-${slugify(name)}`,
  shopBanner: (slug: string, n: number) => `shop-${slug}-${n}`,
  demoUser: (key: string) => `user-${key}`,
};

/** Demo accounts with their own portrait; everyone else gets a generic silhouette. */
export const DEMO_PORTRAITS = [
  { key: 'customer', name: 'Alex Morgan', hue: 210 },
  { key: 'seller', name: 'Sam Carter', hue: 25 },
  { key: 'editor', name: 'ShopHub Editorial', hue: 340 },
] as const;

async function qrArt(text: string): Promise<Art> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#111827', light: '#ffffff' } });
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const size = Number(viewBox?.[1] ?? 33);
  return { width: size, height: size, body: svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, ''), lossless: true };
}

/** The product types of a category, each in a hue near the category's, so its pictures look like a family. */
export function productGlyphs(category: CategoryDef): { glyph: GlyphName; hue: number }[] {
  const glyphs = [...new Set(category.subs.flatMap((sub) => sub.nouns.map((noun) => noun.glyph)))];
  return glyphs.map((glyph, k) => ({ glyph, hue: category.hue + (k % 5) * 8 }));
}

export function seedImageSpecs(): ImageSpec[] {
  const specs: ImageSpec[] = [];
  const add = (kind: ImageSpec['kind'], name: string, art: ImageSpec['art']) => specs.push({ kind, name, art });

  for (const category of CATEGORIES) {
    add('categories', imageNames.category(category.slug), () => tileArt(category.glyph, category.hue));
    category.subs.forEach((sub, index) => add('categories', imageNames.subCategory(sub.slug), () => tileArt(sub.glyph, category.hue + index * 9)));
    for (const { glyph, hue } of productGlyphs(category)) {
      const key = productImageKey(category.slug, glyph);
      for (let variant = 0; variant < PRODUCT_IMAGE_VARIANTS; variant++) add('products', productImageName(key, variant), () => productArt(glyph, hue, variant));
    }
    for (const brand of category.brands) add('brands', imageNames.brand(brand), () => wordmarkArt(brand, category.hue));
  }
  for (const shop of SHOPS) {
    add('shops', shop.slug, () => monogramArt(shop.name, shop.hue));
    const glyphName = CATEGORIES.find((c) => c.slug === shopCategories(shop)[0])?.glyph ?? 'bag';
    add('banners', imageNames.shopBanner(shop.slug, 1), () => bannerArt(shop.name, `${shop.estimatedDeliveryTime} delivery, free returns`, shop.hue, glyphName));
    add('banners', imageNames.shopBanner(shop.slug, 2), () => bannerArt('New arrivals every week', `Only at ${shop.name}`, shop.hue + 40, glyphName));
  }
  for (const banner of SITE_BANNERS) add('banners', banner.name, () => bannerArt(banner.title, banner.subtitle, banner.hue, banner.glyph));
  for (const ad of SITE_ADS) add('ads', ad.name, () => bannerArt(ad.title, ad.subtitle, ad.hue, ad.glyph, 800, 400));
  for (const sale of FLASH_SALES) add('flash-sales', sale.slug, () => flashSaleArt(sale.name, sale.subtitle, sale.hue));
  for (const post of BLOG_POSTS) add('blogs', slugify(post.title), () => blogArt(post.title, post.hue, post.glyph));

  add('site', 'logo', () => logoArt(APP_NAME, false));
  add('site', 'logo-light', () => logoArt(APP_NAME, true));
  add('site', 'app-qr', () => qrArt(APP_STORE_LINK));
  for (const link of SOCIAL_LINKS) add('social', link.icon, () => socialArt(link.icon));
  for (const gateway of PAYMENT_GATEWAYS) add('payments', gateway.name, () => paymentArt(gateway.name, gateway.title));
  for (const portrait of DEMO_PORTRAITS) add('avatars', imageNames.demoUser(portrait.key), () => monogramArt(portrait.name, portrait.hue));
  for (let n = 0; n < GENERIC_AVATARS; n++) add('avatars', `shopper-${n + 1}`, () => personArt(n * 45));
  return specs;
}
