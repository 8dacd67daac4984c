import type { FLASH_SALES, SITE_ADS, SITE_BANNERS } from '../promotions';
import type { Locale, Tr } from './types';

export const FLASH_SALE_TEXT: Record<(typeof FLASH_SALES)[number]['slug'], Record<Locale, { name: string; description: string }>> = {
  'mega-flash-sale': {
    ar: {
      name: 'العروض الخاطفة الكبرى',
      description: 'أكبر عروضنا الخاطفة لهذا الموسم: منتجات مختارة بعناية من أفضل المتاجر تقييماً بأدنى أسعارها، حتى نفاد الكمية.',
    },
    ir: {
      name: 'حراج لحظه‌ای بزرگ',
      description: 'بزرگ‌ترین حراج لحظه‌ای این فصل: محصولات دست‌چین از فروشگاه‌های برتر با کمترین قیمت، تا پایان موجودی.',
    },
  },
  'weekend-deals': {
    ar: {
      name: 'عروض نهاية الأسبوع',
      description: 'تقدّم عروض نهاية الأسبوع خصومات جديدة على منتجات المنزل والتجميل والرحلات الأكثر طلباً. أضف المنتجات إلى قائمة أمنياتك لتكون مستعداً عند انطلاقها.',
    },
    ir: {
      name: 'تخفیف‌های آخر هفته',
      description: 'تخفیف‌های آخر هفته با قیمت‌های تازه روی محبوب‌ترین کالاهای خانه، زیبایی و سفر از راه می‌رسد. محصولات را به فهرست علاقه‌مندی‌ها اضافه کنید تا وقتی شروع شد آماده باشید.',
    },
  },
};

/** Site banners and ads, by their English title. */
export const BANNER_TITLES: Record<(typeof SITE_BANNERS | typeof SITE_ADS)[number]['title'], Tr> = {
  'Summer Collection Up to 50% Off': { ar: 'تشكيلة الصيف بخصم يصل إلى ٥٠٪', ir: 'کالکشن تابستانی تا ۵۰٪ تخفیف' },
  'New Tech, Better Prices': { ar: 'أحدث التقنيات بأسعار أفضل', ir: 'فناوری تازه، قیمت بهتر' },
  'Cook Like a Pro at Home': { ar: 'اطبخ كالمحترفين في بيتك', ir: 'در خانه حرفه‌ای آشپزی کنید' },
  'Flash Sale Is Live Now': { ar: 'العروض الخاطفة متاحة الآن', ir: 'حراج لحظه‌ای شروع شد' },
  'Glow Up for Less': { ar: 'إطلالة متألقة بتكلفة أقل', ir: 'درخشش با هزینهٔ کمتر' },
  'Gear Up for the Season': { ar: 'استعد للموسم بأفضل المعدات', ir: 'برای فصل تازه آماده شوید' },
  'Books for Every Reader': { ar: 'كتب لكل قارئ', ir: 'کتاب برای هر خواننده' },
};

/** A shop's second banner (promotions.ts), around the shop's name in the language. */
export const NEW_ARRIVALS_AT: Record<Locale, (shop: string) => string> = {
  ar: (shop) => `وصل حديثاً إلى ${shop}`,
  ir: (shop) => `تازه‌های ${shop}`,
};
