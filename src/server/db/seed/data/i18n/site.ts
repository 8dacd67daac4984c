import type { FooterItemTitle, FooterTitle, MENUS } from '../site';
import type { Tr } from './types';

/** The navbar's links; "Flash Sale" is the running sale's, added with the catalogue (promotions.ts). Worded as the UI catalogues word them. */
export const MENU_NAMES: Record<(typeof MENUS)[number]['name'] | 'Flash Sale', Tr> = {
  Products: { ar: 'المنتجات', ir: 'محصولات' },
  Shops: { ar: 'المتاجر', ir: 'فروشگاه‌ها' },
  'Flash Sale': { ar: 'عروض خاطفة', ir: 'حراج لحظه‌ای' },
  'Most Popular': { ar: 'الأكثر رواجًا', ir: 'محبوب‌ترین‌ها' },
  'Best Deals': { ar: 'أفضل الصفقات', ir: 'بهترین پیشنهادها' },
  Blog: { ar: 'المدونة', ir: 'وبلاگ' },
  'Help Center': { ar: 'مركز المساعدة', ir: 'مرکز راهنمایی' },
};

/** The site's name stays as it is written in every language. */
export const FOOTER_TITLES: Record<FooterTitle, Tr> = {
  ShopHub: { ar: 'ShopHub', ir: 'ShopHub' },
  Company: { ar: 'الشركة', ir: 'شرکت' },
  Policies: { ar: 'السياسات', ir: 'سیاست‌ها' },
  'Download Our App': { ar: 'حمّل تطبيقنا', ir: 'اپلیکیشن ما را دانلود کنید' },
};

export const FOOTER_ITEM_TITLES: Record<FooterItemTitle, Tr> = {
  ShopHub: { ar: 'ShopHub', ir: 'ShopHub' },
  'ShopHub brings hundreds of independent shops together in one place: fashion, electronics, home, beauty and more, with secure checkout and fast delivery.': {
    ar: 'يجمع ShopHub مئات المتاجر المستقلة في مكان واحد: أزياء وإلكترونيات ومستلزمات منزلية ومنتجات تجميل والمزيد، مع دفع آمن وتوصيل سريع.',
    ir: 'ShopHub صدها فروشگاه مستقل را یک‌جا گرد هم آورده است: مد، کالای دیجیتال، خانه، زیبایی و بیشتر، با پرداخت امن و ارسال سریع.',
  },
  'Follow us': { ar: 'تابعنا', ir: 'ما را دنبال کنید' },
  'About Us': { ar: 'من نحن', ir: 'درباره ما' },
  'Contact Us': { ar: 'اتصل بنا', ir: 'تماس با ما' },
  Blog: { ar: 'المدونة', ir: 'وبلاگ' },
  'Become a Seller': { ar: 'كن بائعًا', ir: 'فروشنده شوید' },
  Support: { ar: 'الدعم', ir: 'پشتیبانی' },
  'Privacy Policy': { ar: 'سياسة الخصوصية', ir: 'سیاست حفظ حریم خصوصی' },
  'Terms & Conditions': { ar: 'الشروط والأحكام', ir: 'شرایط و قوانین' },
  'Return Policy': { ar: 'سياسة الإرجاع', ir: 'سیاست بازگشت کالا' },
  'Scan the QR': { ar: 'امسح رمز QR', ir: 'کد QR را اسکن کنید' },
};
