import type { SiteSettings } from '../../../modules/master/settings';
import type { ThemeShade } from '../../../../lib/theme';
import { uploadUrl } from '../images.ts';

export const APP_NAME = 'ShopHub';
export const PLAY_STORE_LINK = 'https://play.google.com/store/apps/details?id=com.shophub.app';
export const APP_STORE_LINK = 'https://apps.apple.com/app/shophub/id1640000000';

/**
 * One rose palette, 50 (lightest) to 950. The main colour is the 600 shade because white
 * text on it still passes WCAG AA (4.65:1); the 500 shade would not.
 */
export const THEME_COLORS: Record<ThemeShade, string> = {
  primary: '#E11D56',
  primary50: '#FFF1F3',
  primary100: '#FFE4E8',
  primary200: '#FECDD6',
  primary300: '#FDA4B4',
  primary400: '#FB7190',
  primary500: '#F43F6B',
  primary600: '#E11D56',
  primary700: '#BE1248',
  primary800: '#9F1242',
  primary900: '#88133E',
  primary950: '#4C051D',
};

/** The footer's text: the site setting and the footer item that shows it (translated in i18n/site.ts). */
export const FOOTER_DESCRIPTION =
  'ShopHub brings hundreds of independent shops together in one place: fashion, electronics, home, beauty and more, with secure checkout and fast delivery.';

/** Typed as the full settings object so a key added to the schema fails here until seeded. */
export const SITE_SETTINGS: SiteSettings = {
  app_name: APP_NAME,
  web_logo: uploadUrl('site', 'logo'),
  web_footer_logo: uploadUrl('site', 'logo-light'),
  footer_qr: uploadUrl('site', 'app-qr'),
  web_footer_text: 'All right reserved by company',
  web_footer_description: FOOTER_DESCRIPTION,
  web_show_footer: true,
  mobile: '+1 202 555 0143',
  email: 'support@shophub.example.com',
  address: '120 Market Street, Suite 400, San Francisco, CA 94105, United States',
  show_download_app: true,
  google_playstore_link: PLAY_STORE_LINK,
  app_store_link: APP_STORE_LINK,
  multi_vendor: true,
  cash_on_delivery: true,
  online_payment: true,
  // No push service is configured for the demo; an empty key keeps clients from connecting.
  pusher_app_key: '',
  pusher_app_cluster: '',
  register_otp_verify: true,
  register_otp_type: 'email',
  forgot_otp_type: 'email',
  phone_required: true,
  phone_min_length: 9,
  phone_max_length: 16,
  order_place_account_verify: false,
  return_order_within_days: 7,
  // The limits on orders (ADR 010): checkouts an hour per account and per address, units of a product per order, minutes an online payment may take.
  order_limit_per_account: 10,
  order_limit_per_address: 60,
  order_max_units_per_product: 10,
  unpaid_order_expiry_minutes: 60,
  commission_percent: 10,
  commission_fixed_per_order: 0,
  withdrawal_min_amount: 1000,
  withdrawal_max_amount: 0,
  theme_colors: THEME_COLORS,
};

export const MENUS = [
  { name: 'Products', url: '/products', sortOrder: 1 },
  { name: 'Shops', url: '/shops', sortOrder: 2 },
  // sortOrder 3 is the running flash sale, added with the catalogue once its id exists.
  { name: 'Most Popular', url: '/most-popular', sortOrder: 4 },
  { name: 'Best Deals', url: '/best-deal', sortOrder: 5 },
  { name: 'Blog', url: '/blogs', sortOrder: 6 },
  { name: 'Help Center', url: 'https://help.shophub.example.com', sortOrder: 7, isExternal: true, target: '_blank' },
] as const;

type FooterItem = { type: 'logo' | 'text' | 'social_links' | 'app_store' | 'link'; title: string; url?: string; target?: string };

const FOOTER_DEFS = [
  {
    title: APP_NAME,
    items: [
      { type: 'logo', title: APP_NAME, url: '/' },
      { type: 'text', title: FOOTER_DESCRIPTION },
      { type: 'social_links', title: 'Follow us' },
    ],
  },
  {
    title: 'Company',
    items: [
      { type: 'link', title: 'About Us', url: '/about-us' },
      { type: 'link', title: 'Contact Us', url: '/contact-us' },
      { type: 'link', title: 'Blog', url: '/blogs' },
      { type: 'link', title: 'Become a Seller', url: '/shop/register' },
      { type: 'link', title: 'Support', url: '/support' },
    ],
  },
  {
    title: 'Policies',
    items: [
      { type: 'link', title: 'Privacy Policy', url: '/privacy-policy' },
      { type: 'link', title: 'Terms & Conditions', url: '/terms-and-conditions' },
      { type: 'link', title: 'Return Policy', url: '/page/return-policy' },
    ],
  },
  {
    title: 'Download Our App',
    items: [{ type: 'app_store', title: 'Scan the QR' }],
  },
] as const satisfies readonly { title: string; items: readonly FooterItem[] }[];

type FooterDef = (typeof FOOTER_DEFS)[number];
export type FooterTitle = FooterDef['title'];
export type FooterItemTitle = FooterDef['items'][number]['title'];

/** The footer's columns; titles are literal types the translations (i18n/site.ts) are checked against. */
export const FOOTERS: readonly { title: FooterTitle; items: readonly (FooterItem & { title: FooterItemTitle })[] }[] = FOOTER_DEFS;

export const SOCIAL_LINKS = [
  { name: 'Facebook', icon: 'facebook', link: 'https://www.facebook.com/shophub' },
  { name: 'X', icon: 'x', link: 'https://x.com/shophub' },
  { name: 'Instagram', icon: 'instagram', link: 'https://www.instagram.com/shophub' },
  { name: 'YouTube', icon: 'youtube', link: 'https://www.youtube.com/@shophub' },
] as const;

export const PAYMENT_GATEWAYS = [
  { name: 'stripe', title: 'Stripe', isActive: true },
  { name: 'paypal', title: 'PayPal', isActive: true },
  { name: 'bkash', title: 'bKash', isActive: false },
  { name: 'razorpay', title: 'Razorpay', isActive: false },
] as const;

/**
 * Demo client ids only, and no secrets: every provider stays off until an operator sets
 * real credentials (`npm run social-auth -- set google --client-id … --client-secret … --active`).
 */
export const SOCIAL_AUTHS = [
  { provider: 'google', clientId: '000000000000-demo.apps.googleusercontent.com', isActive: false },
  { provider: 'facebook', clientId: '1000000000000001', isActive: false },
  { provider: 'twitter', clientId: 'ZGVtby10d2l0dGVyLWNsaWVudA', isActive: false },
  { provider: 'microsoft', clientId: '00000000-0000-4000-8000-000000000000', isActive: false },
] as const;

export const TICKET_ISSUE_TYPES = [
  'Order not received',
  'Damaged or wrong item',
  'Return and refund',
  'Payment problem',
  'Voucher or discount',
  'Account and login',
  'Seller account',
  'Other',
];
