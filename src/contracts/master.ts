/**
 * The `/master` contract (docs/product.md §3 Site settings, §7 GET /master): what the
 * server answers and what the settings store and islands read. No server imports here:
 * islands import these types instead of copying them.
 */

export interface CurrencyDto {
  id: number;
  name: string;
  symbol: string;
  rate_from_default: number;
  position: 'prefix' | 'suffix';
  is_default: boolean;
}

export interface LanguageDto {
  id: number;
  name: string;
  title: string;
  direction: 'ltr' | 'rtl';
}

/** Where the site sends its verification codes (docs/product.md §4.4, §5). */
export const OTP_CHANNELS = ['email', 'phone'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'twitter', 'microsoft'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Client ids only; a secret never leaves the server. */
export type SocialAuthsDto = Record<SocialProvider, { client_id: string; is_active: boolean }>;

/** Every provider switched off: what a client knows before /master answers. */
export const NO_SOCIAL_AUTHS = Object.fromEntries(SOCIAL_PROVIDERS.map((provider) => [provider, { client_id: '', is_active: false }])) as SocialAuthsDto;

export const FOOTER_ITEM_TYPES = ['logo', 'text', 'social_links', 'app_store', 'link'] as const;

export interface MenuDto {
  id: number;
  name: string;
  url: string;
  target: string;
  is_external: boolean;
}

export interface FooterItemDto {
  id: number;
  type: (typeof FOOTER_ITEM_TYPES)[number];
  title: string;
  url: string | null;
  target: string;
}

export interface PaymentGatewayDto {
  /** The original client keys its gateway list by id (docs/product.md §7.6). */
  id: number;
  name: string;
  title: string;
  logo: string;
  is_active: boolean;
}

export interface MasterDto {
  currency: { name: string; symbol: string; rate: number; position: 'prefix' | 'suffix' } | null;
  currencies: CurrencyDto[];
  cash_on_delivery: boolean;
  online_payment: boolean;
  app_name: string;
  google_playstore_link: string;
  app_store_link: string;
  multi_vendor: boolean;
  mobile: string;
  email: string;
  web_show_footer: boolean;
  address: string;
  payment_gateways: PaymentGatewayDto[];
  web_footer_text: string;
  web_footer_description: string;
  web_footer_logo: string;
  footer_qr: string;
  web_logo: string;
  social_links: { id: number; name: string; link: string; logo: string }[];
  /** Only the shades present, in order (primary, primary50 … primary950). */
  theme_colors: Record<string, string>;
  pusher_app_key: string;
  pusher_app_cluster: string;
  app_environment: string;
  show_download_app: boolean;
  register_otp_verify: boolean;
  register_otp_type: OtpChannel;
  forgot_otp_type: OtpChannel;
  languages: LanguageDto[];
  social_auths: SocialAuthsDto;
  phone_required: boolean;
  phone_min_length: number;
  phone_max_length: number;
  order_place_account_verify: boolean;
  menus: MenuDto[];
  footers: { id: number; title: string; items: FooterItemDto[] }[];
  app_locale: string;
  return_order_within_days: number;
}
