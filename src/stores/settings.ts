import { persistentAtom } from '@nanostores/persistent';
import { readonlyType } from 'nanostores';
import { NO_SOCIAL_AUTHS, type CurrencyDto, type MasterDto } from '../contracts/master';
import { DEFAULT_DIRECTION, DEFAULT_LOCALE } from '../lib/locales';
import { reconcileCurrency, reconcileLocale } from '../lib/preferences';
import { setPreferenceCookie } from '../lib/cookies';
import { DEFAULT_CURRENCY, DEFAULT_CURRENCY_NAME } from '../lib/money';
import { STORE_KEYS } from './stored';

/** Site settings persisted across visits, with the spec's field names (docs/product.md §3.1). */
export interface SiteSettingsState {
  langDirection: 'ltr' | 'rtl';
  defaultLocale: string;
  logo: string;
  currency: { symbol: string; position: 'prefix' | 'suffix'; name: string };
  defaultCurrency: string;
  selectedCurrency: CurrencyDto | null;
  currencies: CurrencyDto[];
  cashOnDelivery: boolean;
  onlinePayment: boolean;
  appName: string;
  showDownloadApp: boolean;
  playStoreLink: string;
  appStoreLink: string;
  multiVendor: boolean;
  paymentGateways: MasterDto['payment_gateways'];
  mobile: string;
  showFooter: boolean;
  address: string;
  footerText: string;
  footerDescription: string;
  footerLogo: string;
  footerQr: string;
  socialLinks: MasterDto['social_links'];
  basketCanvas: boolean;
  search: string;
  categories: unknown[];
  themeColors: Record<string, string>;
  pusher_app_key: string;
  pusher_app_cluster: string;
  app_environment: string;
  register_otp_verify: boolean;
  register_otp_type: string;
  forgot_otp_type: string;
  languages: MasterDto['languages'];
  socialAuths: MasterDto['social_auths'];
  phoneRequired: boolean;
  phoneMinLength: number;
  phoneMaxLength: number;
  orderPlaceAccountVerify: boolean;
  menus: MasterDto['menus'];
  footers: MasterDto['footers'];
}

const INITIAL_SETTINGS: SiteSettingsState = {
  langDirection: DEFAULT_DIRECTION,
  defaultLocale: DEFAULT_LOCALE,
  logo: '',
  currency: { symbol: DEFAULT_CURRENCY.symbol, position: DEFAULT_CURRENCY.position, name: DEFAULT_CURRENCY_NAME },
  defaultCurrency: DEFAULT_CURRENCY_NAME,
  selectedCurrency: null,
  currencies: [],
  cashOnDelivery: false,
  onlinePayment: false,
  appName: '',
  showDownloadApp: false,
  playStoreLink: '',
  appStoreLink: '',
  multiVendor: false,
  paymentGateways: [],
  mobile: '',
  showFooter: true,
  address: '',
  footerText: 'All right reserved by company',
  footerDescription: '',
  footerLogo: '',
  footerQr: '',
  socialLinks: [],
  basketCanvas: false,
  search: '',
  categories: [],
  themeColors: {},
  pusher_app_key: '',
  pusher_app_cluster: '',
  app_environment: '',
  register_otp_verify: false,
  register_otp_type: 'email',
  forgot_otp_type: 'email',
  languages: [],
  socialAuths: NO_SOCIAL_AUTHS,
  phoneRequired: true,
  phoneMinLength: 9,
  phoneMaxLength: 16,
  orderPlaceAccountVerify: false,
  menus: [],
  footers: [],
};

const json = {
  encode: JSON.stringify,
  decode(value: string): SiteSettingsState {
    try {
      // The drawer is opened on a page, not carried to the next one.
      return { ...INITIAL_SETTINGS, ...(JSON.parse(value) as Partial<SiteSettingsState>), basketCanvas: false };
    } catch {
      return INITIAL_SETTINGS;
    }
  },
};

const $siteSettings = persistentAtom<SiteSettingsState>(STORE_KEYS.siteSettings, INITIAL_SETTINGS, json);
/** Read with `useStore`; they change only through the actions below. */
export const siteSettings = readonlyType($siteSettings);

/** The spec keeps the locale under its own `locale` key of local storage. */
const $locale = persistentAtom<string>(STORE_KEYS.locale, DEFAULT_LOCALE);
export const locale = readonlyType($locale);

/**
 * Fills the store from `/master` (docs/product.md §4.1, §4.2). Returns true when the shop's default
 * language changed and the page must reload to render in it.
 */
export function applyMaster(master: MasterDto): boolean {
  const previous = siteSettings.get();
  const currency = reconcileCurrency({ defaultCurrency: previous.defaultCurrency, selectedCurrency: previous.selectedCurrency }, master);
  const nextLocale = reconcileLocale({ defaultLocale: previous.defaultLocale }, master);
  $siteSettings.set({
    ...previous,
    ...currency,
    defaultLocale: master.app_locale,
    langDirection: nextLocale ? nextLocale.direction : previous.langDirection,
    logo: master.web_logo,
    currency: master.currency ? { symbol: master.currency.symbol, position: master.currency.position, name: master.currency.name } : previous.currency,
    currencies: master.currencies,
    cashOnDelivery: master.cash_on_delivery,
    onlinePayment: master.online_payment,
    appName: master.app_name,
    showDownloadApp: master.show_download_app,
    playStoreLink: master.google_playstore_link,
    appStoreLink: master.app_store_link,
    multiVendor: master.multi_vendor,
    paymentGateways: master.payment_gateways,
    mobile: master.mobile,
    showFooter: master.web_show_footer,
    address: master.address,
    footerText: master.web_footer_text || INITIAL_SETTINGS.footerText,
    footerDescription: master.web_footer_description,
    footerLogo: master.web_footer_logo,
    footerQr: master.footer_qr,
    socialLinks: master.social_links,
    themeColors: master.theme_colors,
    pusher_app_key: master.pusher_app_key,
    pusher_app_cluster: master.pusher_app_cluster,
    app_environment: master.app_environment,
    register_otp_verify: master.register_otp_verify,
    register_otp_type: master.register_otp_type,
    forgot_otp_type: master.forgot_otp_type,
    languages: master.languages,
    socialAuths: master.social_auths,
    phoneRequired: master.phone_required,
    phoneMinLength: master.phone_min_length,
    phoneMaxLength: master.phone_max_length,
    orderPlaceAccountVerify: master.order_place_account_verify,
    menus: master.menus,
    footers: master.footers,
  });
  if (!nextLocale) return false;
  $locale.set(nextLocale.locale);
  setPreferenceCookie('locale', nextLocale.locale);
  return true;
}

/** The page was rendered in this language (the `locale` cookie); local storage follows it. */
export function adoptRenderedLocale(rendered: string): void {
  // Written even when it equals the default: the spec keeps it under its own key (§9).
  $locale.set(rendered);
}

/**
 * The shopper picks a language (§4 Locale): it is stored with its direction (ltr when
 * the language gives none) and mirrored into the cookie the server renders pages by.
 */
export function chooseLanguage(name: string): void {
  const language = siteSettings.get().languages.find((item) => item.name === name);
  $locale.set(name);
  $siteSettings.set({ ...siteSettings.get(), langDirection: language?.direction === 'rtl' ? 'rtl' : DEFAULT_DIRECTION });
  setPreferenceCookie('locale', name);
}

/** The shopper picks a currency; the server renders prices in it from the next page on. */
export function selectCurrency(name: string): void {
  const state = siteSettings.get();
  const chosen = state.currencies.find((currency) => currency.name === name);
  if (!chosen) return;
  $siteSettings.set({ ...state, selectedCurrency: chosen });
  setPreferenceCookie('currency', chosen.name);
}

/** docs/product.md §3.1 basketCanvas, §4.4 Cart drawer: the cart drawer opens (its island fetches the checkout products). */
export function openBasket(): void {
  $siteSettings.set({ ...siteSettings.get(), basketCanvas: true });
}

export function closeBasket(): void {
  if (siteSettings.get().basketCanvas) $siteSettings.set({ ...siteSettings.get(), basketCanvas: false });
}
