import type { BLOG_CATEGORIES, BLOG_TAGS, BlogPostLiteral, BlogTitle } from '../blog';
import type { Locale, Tr } from './types';

type Points<Title extends BlogTitle> = Extract<BlogPostLiteral, { title: Title }>['points'];
/** As many strings as the English tuple has (a mapped type over a type parameter keeps a tuple's length). */
type Strings<T extends readonly unknown[]> = { readonly [K in keyof T]: string };

/** A post in another language: as many points as the English one (a missing point does not compile). */
export interface TranslatedPost<Title extends BlogTitle> {
  title: string;
  intro: string;
  heading: string;
  points: Strings<Points<Title>>;
  body: string;
}

export type TranslatedPosts = { readonly [Title in BlogTitle]: TranslatedPost<Title> };

export const BLOG_CATEGORY_NAMES: Record<(typeof BLOG_CATEGORIES)[number]['slug'], Tr> = {
  'shopping-guides': { ar: 'أدلة التسوق', ir: 'راهنمای خرید' },
  'style-trends': { ar: 'الأناقة والصيحات', ir: 'استایل و ترندها' },
  'tech-reviews': { ar: 'مراجعات تقنية', ir: 'نقد و بررسی فناوری' },
  'home-living': { ar: 'المنزل وأسلوب الحياة', ir: 'خانه و زندگی' },
  'marketplace-news': { ar: 'أخبار السوق', ir: 'اخبار بازارچه' },
};

export const BLOG_TAG_NAMES: Record<(typeof BLOG_TAGS)[number], Tr> = {
  Deals: { ar: 'عروض', ir: 'تخفیف‌ها' },
  'Gift Ideas': { ar: 'أفكار للهدايا', ir: 'ایدهٔ هدیه' },
  Sustainability: { ar: 'الاستدامة', ir: 'پایداری' },
  'How-To': { ar: 'إرشادات', ir: 'آموزشی' },
  Smartphones: { ar: 'هواتف ذكية', ir: 'گوشی هوشمند' },
  Laptops: { ar: 'حواسيب محمولة', ir: 'لپ‌تاپ' },
  Fashion: { ar: 'أزياء', ir: 'مد' },
  Kitchen: { ar: 'المطبخ', ir: 'آشپزخانه' },
  Fitness: { ar: 'اللياقة', ir: 'تناسب اندام' },
  Sellers: { ar: 'البائعون', ir: 'فروشندگان' },
  Kids: { ar: 'الأطفال', ir: 'کودکان' },
  Beauty: { ar: 'الجمال', ir: 'زیبایی' },
};

/** What every post of a category ends with (English: data/blog.ts `CLOSINGS`). */
export const BLOG_CLOSINGS: Record<Locale, { heading: string; text: Record<(typeof BLOG_CATEGORIES)[number]['slug'], string> }> = {
  ar: {
    heading: 'الخلاصة',
    text: {
      'shopping-guides': 'أياً كان اختيارك، قارن بين بضعة عروض، واقرأ تقييمات المشترين الموثّقين، وتحقّق من مدة التوصيل لدى المتجر قبل إتمام الشراء. وإن لم يكن شيء على ما يرام، فسياسة الإرجاع لدينا تحميك.',
      'style-trends': 'الصيحات تأتي وتذهب؛ أما ما يدوم فهو خزانة من القطع التي ترتديها فعلاً. اشترِ أشياء أقل وأفضل واعتنِ بها، وسيعيش أسلوبك أطول من أي موسم.',
      'tech-reviews': 'المواصفات لا تروي إلا جزءاً من القصة. فكّر في طريقة استخدامك للجهاز كل يوم، وتذكّر أن الضمان الجيد والبائع المتجاوب يساويان أكثر من معالج أسرع قليلاً.',
      'home-living': 'التغييرات الصغيرة تتراكم: مقلاة أفضل، وبطانية أنعم، ومصباح في الزاوية المناسبة. ابدأ بالغرفة التي تقضي فيها معظم وقتك وانطلق منها.',
      'marketplace-news': 'شكراً لتسوّقك من البائعين المستقلين في سوقنا. كل طلب يساعد مشروعاً صغيراً على النمو، وسنواصل بناء الأدوات التي تجعل ذلك ممكناً.',
    },
  },
  ir: {
    heading: 'جمع‌بندی',
    text: {
      'shopping-guides': 'هر چه انتخاب می‌کنید، چند آگهی را مقایسه کنید، نظر خریداران تأییدشده را بخوانید و پیش از پرداخت، زمان ارسال فروشگاه را بررسی کنید. اگر چیزی درست نبود، سیاست بازگشت کالای ما پشتیبان شماست.',
      'style-trends': 'ترندها می‌آیند و می‌روند؛ آنچه می‌ماند کمدی از لباس‌هایی است که واقعاً می‌پوشید. کمتر و بهتر بخرید و از آن‌ها مراقبت کنید تا سبکتان از هر فصلی ماندگارتر شود.',
      'tech-reviews': 'مشخصات فنی فقط بخشی از ماجراست. به این فکر کنید که هر روز چطور از دستگاه استفاده می‌کنید و یادتان باشد گارانتی خوب و فروشندهٔ پاسخ‌گو از تراشه‌ای کمی سریع‌تر ارزشمندترند.',
      'home-living': 'تغییرهای کوچک روی هم جمع می‌شوند: تابه‌ای بهتر، پتویی نرم‌تر، آباژوری در گوشهٔ درست. از اتاقی شروع کنید که بیشترین وقت را در آن می‌گذرانید و از همان‌جا پیش بروید.',
      'marketplace-news': 'از اینکه از فروشندگان مستقل بازارچهٔ ما خرید می‌کنید سپاسگزاریم. هر سفارش به رشد یک کسب‌وکار کوچک کمک می‌کند و ما به ساختن ابزارهایی که این را ممکن می‌کنند ادامه می‌دهیم.',
    },
  },
};
