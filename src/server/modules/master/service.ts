import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import type { Env } from '../../env';
import { CACHE, cached } from '../../cache';
import { currencies, footerItems, footers, menus, paymentGateways, socialAuths, socialLinks } from '../../db/schema';
import { SOCIAL_PROVIDERS, type CurrencyDto, type MasterDto, type SocialAuthsDto } from '@/contracts/master';
import { listLanguages } from '../languages/service';
import type { PaymentProviders } from '../payments/provider';
import { loadSiteSettings } from './settings';
import { THEME_SHADES } from '@/lib/theme';
import { defaultCurrencyOf } from '@/lib/money';
import { pickLocalized } from '../../db/localized';

/**
 * The payload of `GET /master` (docs/product.md §7.2). A gateway is active only while its
 * provider is configured (payments/provider.ts): with online payment allowed and no
 * gateway active, the checkout offers cash on delivery and says online payment is unavailable.
 */
export async function buildMaster(db: Db, config: Pick<Env, 'APP_ENV'>, paymentProviders: PaymentProviders, locale: string): Promise<MasterDto> {
  const [site, { languages, defaultLocale }, lists] = await Promise.all([loadSiteSettings(db), listLanguages(db), loadLists(db, locale)]);
  const gateways = lists.paymentGateways.map((gateway) => ({ ...gateway, is_active: gateway.is_active && paymentProviders.has(gateway.name) }));
  const defaultCurrency = defaultCurrencyOf(lists.currencies);
  return {
    currency: defaultCurrency ? { name: defaultCurrency.name, symbol: defaultCurrency.symbol, rate: defaultCurrency.rate_from_default, position: defaultCurrency.position } : null,
    currencies: lists.currencies,
    cash_on_delivery: site.cash_on_delivery,
    online_payment: site.online_payment,
    app_name: site.app_name,
    google_playstore_link: site.google_playstore_link,
    app_store_link: site.app_store_link,
    multi_vendor: site.multi_vendor,
    mobile: site.mobile,
    email: site.email,
    web_show_footer: site.web_show_footer,
    address: site.address,
    payment_gateways: gateways,
    web_footer_text: site.web_footer_text,
    web_footer_description: site.web_footer_description,
    web_footer_logo: site.web_footer_logo,
    footer_qr: site.footer_qr,
    web_logo: site.web_logo,
    social_links: lists.socialLinks,
    theme_colors: themeColors(site.theme_colors),
    // No third-party push service: live updates come from GET /live (ADR 020). Empty values
    // tell a client that reads them not to reach one, whatever the settings hold.
    pusher_app_key: '',
    pusher_app_cluster: '',
    app_environment: config.APP_ENV,
    show_download_app: site.show_download_app,
    register_otp_verify: site.register_otp_verify,
    register_otp_type: site.register_otp_type,
    forgot_otp_type: site.forgot_otp_type,
    languages,
    social_auths: lists.socialAuths,
    phone_required: site.phone_required,
    phone_min_length: site.phone_min_length,
    phone_max_length: site.phone_max_length,
    order_place_account_verify: site.order_place_account_verify,
    menus: lists.menus,
    footers: lists.footers,
    app_locale: defaultLocale,
    return_order_within_days: site.return_order_within_days,
  };
}

/** Keeps only the known shade keys, in their order. */
function themeColors(stored: Record<string, string>): Record<string, string> {
  return Object.fromEntries(THEME_SHADES.filter((key) => stored[key]).map((key) => [key, stored[key]!]));
}

/** The lists of /master, their texts (menus, footers) in `locale`: one cached variant per language. */
function loadLists(db: Db, locale: string) {
  return cached(
    db,
    CACHE.masterLists,
    async () => {
      const [currencyRows, gatewayRows, linkRows, authRows, menuRows, footerRows, itemRows] = await Promise.all([
        db.select().from(currencies).where(eq(currencies.isActive, true)).orderBy(asc(currencies.id)),
        db.select().from(paymentGateways).orderBy(asc(paymentGateways.id)),
        db.select().from(socialLinks).orderBy(asc(socialLinks.sortOrder), asc(socialLinks.id)),
        db.select().from(socialAuths),
        db.select().from(menus).where(eq(menus.isActive, true)).orderBy(asc(menus.sortOrder), asc(menus.id)),
        db.select().from(footers).where(eq(footers.isActive, true)).orderBy(asc(footers.sortOrder), asc(footers.id)),
        db.select().from(footerItems).orderBy(asc(footerItems.sortOrder), asc(footerItems.id)),
      ]);
      return {
        currencies: currencyRows.map((row): CurrencyDto => ({
          id: row.id,
          name: row.name,
          symbol: row.symbol,
          rate_from_default: Number(row.rateFromDefault),
          position: row.position === 'suffix' ? 'suffix' : 'prefix',
          is_default: row.isDefault,
        })),
        paymentGateways: gatewayRows.map((row) => ({ id: row.id, name: row.name, title: row.title, logo: row.logo, is_active: row.isActive })),
        socialLinks: linkRows.map((row) => ({ id: row.id, name: row.name, link: row.link, logo: row.logo })),
        // The client secret never leaves the server.
        socialAuths: Object.fromEntries(
          SOCIAL_PROVIDERS.map((provider) => {
            const row = authRows.find((auth) => auth.provider === provider);
            return [provider, { client_id: row?.clientId ?? '', is_active: row?.isActive ?? false }];
          }),
        ) as SocialAuthsDto,
        menus: menuRows.map((row) => ({
          id: row.id,
          name: pickLocalized(row.name, row.translations, 'name', locale),
          url: row.url,
          target: row.target,
          is_external: row.isExternal,
        })),
        footers: footerRows.map((footer) => ({
          id: footer.id,
          title: pickLocalized(footer.title, footer.translations, 'title', locale),
          items: itemRows
            .filter((item) => item.footerId === footer.id)
            .map((item) => ({ id: item.id, type: item.type, title: pickLocalized(item.title, item.translations, 'title', locale), url: item.url, target: item.target })),
        })),
      };
    },
    locale,
  );
}
